import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUDGETS, resolveBudgets } from '@/lib/server/limits';

/** The counting store as its callers use it (lib/bff/rate-limit.ts), in this process's memory. */
const config = vi.hoisted(() => ({ sessionKeys: { sealing: { 1: 'r'.repeat(40) }, current: 'r'.repeat(40), opening: { 1: 'r'.repeat(40) }, hashing: 'r'.repeat(40) }, redis: undefined, logLevel: 'silent', budgets: {} as Record<string, unknown> }));
vi.mock('@/lib/server/config', () => ({ getConfig: () => config }));

const { charge, mark, resetRateLimitsForTests, wasMarked } = await import('@/lib/bff/rate-limit');

config.budgets = { ...resolveBudgets(1), contactIp: { ...BUDGETS.contactIp, points: 2 }, contactPhone: { ...BUDGETS.contactPhone, points: 1 } };

afterEach(() => {
  resetRateLimitsForTests();
  vi.useRealTimers();
});

describe('charge', () => {
  it('allows a budget’s points per key and window, then names the seconds to wait, rounded up', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z'), toFake: ['Date'] });
    const one = [{ budget: 'contactIp' as const, key: 'a' }];
    expect(await charge(one)).toBeNull();
    expect(await charge(one)).toBeNull();
    expect(await charge(one)).toBe(3_600);
    // Another key is another count.
    expect(await charge([{ budget: 'contactIp', key: 'b' }])).toBeNull();
    vi.setSystemTime(Date.now() + 3_600_000 - 1_500);
    expect(await charge(one)).toBe(2);
    vi.setSystemTime(Date.now() + 1_500);
    expect(await charge(one)).toBeNull();
  });

  it('counts the budgets in order and stops at the first spent one', async () => {
    const phone = { budget: 'contactPhone' as const, key: 'phone' };
    expect(await charge([{ budget: 'contactIp', key: 'x' }, phone])).toBeNull();
    // The phone's budget refuses: this address's later budgets are not spent.
    expect(await charge([phone, { budget: 'contactIp', key: 'x' }])).not.toBeNull();
    expect(await charge([{ budget: 'contactIp', key: 'x' }])).toBeNull();
    expect(await charge([{ budget: 'contactIp', key: 'x' }])).not.toBeNull();
    expect(await charge([])).toBeNull();
  });
});

describe('marks', () => {
  it('remember a key in a set for the window', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z'), toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    expect(await wasMarked('seen', 'k', 60)).toBe(false);
    await mark('seen', 'k', 60);
    await mark('seen', 'k', 60);
    expect(await wasMarked('seen', 'k', 60)).toBe(true);
    expect(await wasMarked('seen', 'other', 60)).toBe(false);
    expect(await wasMarked('elsewhere', 'k', 60)).toBe(false);
    vi.advanceTimersByTime(59_000);
    expect(await wasMarked('seen', 'k', 60)).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(await wasMarked('seen', 'k', 60)).toBe(false);
  });
});
