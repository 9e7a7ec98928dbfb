import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_CUSTOMERS } from '@/sandbox/fixtures';
import { login, startSandbox, type TestSandbox } from '@/sandbox/test-support';

// The sandbox's switches for an upstream that differs from the fixtures' contract in what the spec
// leaves to it: settings without countries, subscriptions in no order.

let sb: TestSandbox;

beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(async () => {
  await sb.dispose();
});

describe('settings without countries', () => {
  it('leaves the countries out of the settings while the countries call still answers them, until switched back or reset', async () => {
    expect((await sb.hook('/settings/countries', { included: false })).body).toMatchObject({ status: true, data: { included: false } });
    const settings = (await sb.call('/v1/get-settings')).body.data;
    expect(settings).not.toHaveProperty('countries');
    expect(settings.products.length).toBeGreaterThan(0);
    expect((await sb.call('/v1/app-settings/countries')).body.data[0]).toEqual({ code: 'TR', name: 'Türkiye' });

    await sb.hook('/settings/countries', { included: true });
    expect((await sb.call('/v1/get-settings')).body.data.countries[0]).toEqual({ code: 'TR', name: 'Türkiye' });
    await sb.hook('/settings/countries', { included: false });
    await sb.hook('/reset', {});
    expect((await sb.call('/v1/get-settings')).body.data.countries.length).toBeGreaterThan(1);
    expect((await sb.hook('/settings/countries', { included: 'no' })).body.details.code).toBe('012');
  });
});

describe('subscriptions oldest first', () => {
  it('lists a customer\'s subscriptions oldest first on request, newest first again after', async () => {
    const { nationality_number, phone } = FIXTURE_CUSTOMERS.approved;
    const token = await login(sb, nationality_number, phone);
    const ids = async () =>
      ((await sb.call('/v1/customers/token-auth', { token })).body.data.subscriptions as Array<{ subscription_id: number }>).map((s) => s.subscription_id);
    expect(await ids()).toEqual([1003, 1002, 1001]);
    expect((await sb.hook('/subscriptions/order', { order: 'oldest' })).body).toMatchObject({ status: true, data: { order: 'oldest' } });
    expect(await ids()).toEqual([1001, 1002, 1003]);
    await sb.hook('/subscriptions/order', { order: 'newest' });
    expect(await ids()).toEqual([1003, 1002, 1001]);
    expect((await sb.hook('/subscriptions/order', { order: 'random' })).body.details.code).toBe('014');
  });
});
