import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUDGETS, resolveBudgets } from '@/lib/server/limits';

/** The counting store as its callers use it (lib/bff/rate-limit.ts), in this process's memory. */
const config = vi.hoisted(() => ({ sessionKeys: { sealing: { 1: 'r'.repeat(40) }, current: 'r'.repeat(40), opening: { 1: 'r'.repeat(40) }, hashing: 'r'.repeat(40) }, redis: undefined, logLevel: 'silent', budgets: {} as Record<string, unknown> }));
vi.mock('@/lib/server/config', () => ({ getConfig: () => config }));
/** No Redis unless a test gives one: a stand-in for ioredis's client, as rate-limiter-flexible uses it. */
const redis = vi.hoisted(() => ({ client: null as unknown, reset: () => undefined as void }));
vi.mock('@/lib/server/redis', () => ({ sharedRedis: () => redis.client, redisConnected: async () => undefined, resetRedisForTests: () => redis.reset() }));

const { charge, mark, resetRateLimitsForTests, wasMarked } = await import('@/lib/bff/rate-limit');

config.budgets = { ...resolveBudgets(1), contactIp: { ...BUDGETS.contactIp, points: 2 }, contactPhone: { ...BUDGETS.contactPhone, points: 1 } };

afterEach(() => {
  resetRateLimitsForTests();
  redis.client = null;
  vi.useRealTimers();
  vi.restoreAllMocks();
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

/** ioredis as far as the limits use it: its connection's status and events, and the counting script. */
class StandInRedis extends EventEmitter {
  status = 'ready';
  sent: string[] = [];
  async rlflxIncr([key]: string[]) {
    this.sent.push(key!);
    return [1, 60_000];
  }
}

describe('with Redis', () => {
  it('counts there under the budget’s own prefix, and never asks it while it is not ready: this instance counts meanwhile', async () => {
    const client = new StandInRedis();
    redis.client = client;
    expect(await charge([{ budget: 'contactIp', key: 'a' }])).toBeNull();
    expect(client.sent).toEqual(['ob:contactIp:a']);
    client.status = 'reconnecting';
    expect(await charge([{ budget: 'contactIp', key: 'a' }])).toBeNull();
    expect(await charge([{ budget: 'contactIp', key: 'a' }])).toBeNull();
    // The insurance count in memory holds the budget (2 points) while Redis is away.
    expect(await charge([{ budget: 'contactIp', key: 'a' }])).not.toBeNull();
    expect(client.sent).toEqual(['ob:contactIp:a']);
  });

  it('logs an outage once, however the connection tells it, and its end once', async () => {
    const { getLogger } = await import('@/lib/server/logger');
    const warn = vi.spyOn(getLogger(), 'warn').mockImplementation((() => undefined) as never);
    const info = vi.spyOn(getLogger(), 'info').mockImplementation((() => undefined) as never);
    const client = new StandInRedis();
    redis.client = client;
    await charge([{ budget: 'contactIp', key: 'a' }]);
    // A second limiter on the same client watches it no second time.
    await charge([{ budget: 'contactPhone', key: 'p' }]);
    client.emit('ready');
    expect(info).not.toHaveBeenCalled();
    client.emit('error', new Error('ECONNREFUSED'));
    client.emit('close');
    client.emit('error', new Error('ECONNREFUSED'));
    expect(warn.mock.calls).toEqual([[{ store: 'redis' }, 'rate limits: Redis unreachable, counting in this instance until it answers again']]);
    client.emit('ready');
    client.emit('ready');
    expect(info.mock.calls).toEqual([['rate limits: shared store answers again']]);
    client.emit('close');
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('stops watching once the limits are reset for the next test, and resets the client too', async () => {
    const client = new StandInRedis();
    redis.client = client;
    const reset = vi.spyOn(redis, 'reset');
    await charge([{ budget: 'contactIp', key: 'a' }]);
    expect([client.listenerCount('error'), client.listenerCount('close'), client.listenerCount('ready')]).toEqual([1, 1, 1]);
    resetRateLimitsForTests();
    expect([client.listenerCount('error'), client.listenerCount('close'), client.listenerCount('ready')]).toEqual([0, 0, 0]);
    expect(reset).toHaveBeenCalledOnce();
  });
});

describe('refusals', () => {
  it('are counted by budget name', async () => {
    const { freshMetricsForTests } = await import('@/lib/observability/metrics');
    const counted = freshMetricsForTests();
    const phone = [{ budget: 'contactPhone' as const, key: 'counted' }];
    await charge(phone);
    await charge(phone);
    await charge(phone);
    const { values } = await counted.rateLimited.get();
    expect(values.map(({ labels, value }) => [labels.budget, value])).toEqual([['contactPhone', 2]]);
  });

  it('are only the limiter’s own: a store that fails is an error, not a wait', async () => {
    const { RateLimiterMemory } = await import('rate-limiter-flexible');
    vi.spyOn(RateLimiterMemory.prototype, 'consume').mockRejectedValue(new Error('store failed'));
    await expect(charge([{ budget: 'contactIp', key: 'k' }])).rejects.toThrow('store failed');
  });
});
