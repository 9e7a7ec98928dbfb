import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@/lib/api/types';
import type { TokenCheck } from '@/lib/session/session';

const state = vi.hoisted(() => ({ wait: null as number | null, check: { state: 'anonymous' } as TokenCheck, destroyed: 0 }));
vi.mock('@/lib/bff/budget-plan', () => ({ spendReadBudget: async () => state.wait }));
vi.mock('@/lib/bff/client-ip', () => ({ clientIp: () => '192.0.2.1' }));
vi.mock('@/lib/session/session', () => ({
  getSession: async () => ({ token: 'token', destroy: () => void state.destroyed++ }),
  resolveUser: async () => state.check,
}));

const { readSessionCustomer } = await import('@/lib/bff/session-customer');
const request = () => new Request('http://site.test/api/session', { headers: { 'Accept-Language': 'en' } });
const user = { user_id: 7 } as unknown as User;

beforeEach(() => {
  state.wait = null;
  state.destroyed = 0;
});

describe('readSessionCustomer', () => {
  it('answers 429 once the read budget is spent, before asking the upstream', async () => {
    state.wait = 30;
    state.check = { state: 'user', user };
    const read = await readSessionCustomer(request(), { required: false });
    expect('response' in read && read.response.status).toBe(429);
  });

  it('gives the customer and the language to answer in', async () => {
    state.check = { state: 'user', user };
    expect(await readSessionCustomer(request(), { required: true })).toEqual({ locale: 'en', user });
  });

  it('ends a session whose token the upstream refuses with the 401 that says so, asked for a customer or not', async () => {
    state.check = { state: 'rejected' };
    for (const read of [await readSessionCustomer(request(), { required: false }), await readSessionCustomer(request(), { required: true })]) {
      if (!('response' in read)) throw new Error('expected the 401 of an ended session');
      expect(read.response.status).toBe(401);
      expect((await read.response.json()).details).toEqual({ session_expired: true });
    }
    expect(state.destroyed).toBe(2);
  });

  it('answers no customer without a session, and the 401 of an ended session where one is required', async () => {
    state.check = { state: 'anonymous' };
    expect(await readSessionCustomer(request(), { required: false })).toEqual({ locale: 'en', user: null });
    const read = await readSessionCustomer(request(), { required: true });
    expect('response' in read && read.response.status).toBe(401);
    expect(state.destroyed).toBe(0);
  });

  it('keeps the session when the upstream cannot be asked, with a 502', async () => {
    state.check = { state: 'unavailable' };
    const read = await readSessionCustomer(request(), { required: false });
    if (!('response' in read)) throw new Error('expected a 502');
    expect(read.response.status).toBe(502);
    expect(await read.response.json()).toEqual({ status: false, message: 'The server cannot be reached. Please try again later.' });
    expect(state.destroyed).toBe(0);
  });
});
