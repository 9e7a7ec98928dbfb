import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

const config = vi.hoisted(() => ({ redis: undefined as { url: string } | undefined }));
vi.mock('@/lib/server/config', () => ({ getConfig: () => config }));
const warn = vi.hoisted(() => vi.fn());
vi.mock('@/lib/server/logger', () => ({ getLogger: () => ({ warn }) }));

const { connectRedis, RECONNECT_MAX_MS, redisConnected, redisReady, redisWarm, resetRedisForTests, sharedRedis } = await import('@/lib/server/redis');

/**
 * A stand-in Redis that answers every command with OK, a port that hangs up at once, and one that
 * answers a connection's first command only when the test releases it (`held`).
 */
let answering: net.Server;
let hangingUp: net.Server;
let holding: net.Server;
const held: Array<() => void> = [];
const answer = (socket: net.Socket, chunk: Buffer) => socket.write('+OK\r\n'.repeat(chunk.toString().match(/^\*\d+\r$/gm)?.length ?? 1));
const portOf = (server: net.Server) => (server.address() as net.AddressInfo).port;
beforeAll(async () => {
  answering = net.createServer((socket) => socket.on('data', (chunk) => answer(socket, chunk)));
  hangingUp = net.createServer((socket) => socket.destroy());
  holding = net.createServer((socket) => {
    let first = true;
    socket.on('data', (chunk) => {
      if (!first) return answer(socket, chunk);
      first = false;
      held.push(() => answer(socket, chunk));
    });
  });
  await Promise.all([answering, hangingUp, holding].map((server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))));
});
afterAll(() => Promise.all([answering, hangingUp, holding].map((server) => new Promise((resolve) => server.close(resolve)))));
afterEach(() => {
  resetRedisForTests();
  config.redis = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('sharedRedis', () => {
  it('is null without REDIS_URL, and then nothing is waited for', async () => {
    // Asked before any client was made: nothing to wait for either.
    await redisConnected();
    expect(sharedRedis()).toBeNull();
    config.redis = { url: `redis://127.0.0.1:${portOf(answering)}` };
    // Decided once per process.
    expect(sharedRedis()).toBeNull();
    await redisConnected();
  });

  it('is one client per process, ready as soon as Redis answers', async () => {
    config.redis = { url: `redis://127.0.0.1:${portOf(answering)}` };
    const client = sharedRedis()!;
    expect(client).not.toBeNull();
    expect(sharedRedis()).toBe(client);
    expect(client.options).toMatchObject({ enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
    // Ready as soon as Redis answers, well before the three seconds.
    const started = Date.now();
    await redisConnected();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(client.status).toBe('ready');
  });

  it('stops waiting at the first failure of a Redis that hangs up, failing commands at once, without an unhandled error', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    config.redis = { url: `redis://127.0.0.1:${portOf(hangingUp)}` };
    const client = sharedRedis()!;
    const started = Date.now();
    await redisConnected();
    expect(Date.now() - started).toBeLessThan(2_000);
    await expect(client.get('key')).rejects.toThrow();
    expect(errors.mock.calls.flat().join(' ')).not.toMatch(/Unhandled error/);
  });

  it('waits for a Redis that is slow to answer, past any fixed start-up time, and no more than ten seconds for one that never does', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    config.redis = { url: `redis://127.0.0.1:${portOf(holding)}` };
    sharedRedis();
    let connected = false;
    void redisConnected().then(() => (connected = true));
    await vi.waitFor(() => expect(held).toHaveLength(1));
    // A busy start-up: the answer comes after five seconds; the start-up still waits for it.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(connected).toBe(false);
    held.shift()!();
    await vi.waitFor(() => expect(connected).toBe(true));

    resetRedisForTests();
    sharedRedis();
    connected = false;
    void redisConnected().then(() => (connected = true));
    await vi.waitFor(() => expect(held).toHaveLength(1));
    // ioredis may give up on the connection before; ten seconds is the bound either way.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(connected).toBe(true);
    held.length = 0;
  });

  it('is warm once Redis answered, or after ten seconds without: what readiness waits for at a start', async () => {
    expect(redisWarm()).toBe(true);
    resetRedisForTests();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    config.redis = { url: `redis://127.0.0.1:${portOf(hangingUp)}` };
    // A Redis that never answers: cold, then warm (an outage the instance serves through).
    expect(redisWarm()).toBe(false);
    await vi.advanceTimersByTimeAsync(9_000);
    expect(redisWarm()).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(redisWarm()).toBe(true);
    vi.useRealTimers();
    resetRedisForTests();
    config.redis = { url: `redis://127.0.0.1:${portOf(answering)}` };
    expect(redisWarm()).toBe(false);
    await vi.waitFor(() => expect(redisWarm()).toBe(true));
  });

  it('connects again when ioredis ends it after a reconnection cut short, and not once it was dropped', async () => {
    config.redis = { url: `redis://127.0.0.1:${portOf(answering)}` };
    const client = sharedRedis()!;
    await redisConnected();
    // What ioredis's failover detector does to a reconnection under way: its connector rejects,
    // and ioredis gives the client up ("end") where it would otherwise try again.
    const { connector, stream } = client as unknown as { connector: { connect: () => Promise<unknown> }; stream: { destroy: () => void } };
    const cutShort = vi.spyOn(connector, 'connect').mockRejectedValueOnce(new Error('Connection is closed.'));
    const ended = new Promise((resolve) => client.once('end', resolve));
    stream.destroy();
    await ended;
    expect(cutShort).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(client.status).toBe('ready'), { timeout: 3 * RECONNECT_MAX_MS });
    await expect(client.set('key', 'value')).resolves.toBe('OK');
    expect(warn).toHaveBeenCalledExactlyOnceWith({ store: 'redis' }, expect.stringMatching(/gave up reconnecting/));

    resetRedisForTests();
    await vi.waitFor(() => expect(client.status).toBe('end'));
    await new Promise((resolve) => setTimeout(resolve, 2 * RECONNECT_MAX_MS));
    expect(client.status).toBe('end');
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('connects anew after a reset', async () => {
    config.redis = { url: `redis://127.0.0.1:${portOf(answering)}` };
    const first = sharedRedis();
    resetRedisForTests();
    const second = sharedRedis();
    expect(second).not.toBe(first);
    await vi.waitFor(() => expect(first!.status).toBe('end'));
  });
});

describe('connectRedis', () => {
  it('by URL: no offline queue, and a reconnection at once, then at most every RECONNECT_MAX_MS', () => {
    const client = connectRedis({ url: `redis://127.0.0.1:${portOf(answering)}` });
    try {
      expect(client.options).toMatchObject({ host: '127.0.0.1', port: portOf(answering), enableOfflineQueue: false, sentinels: null });
      expect([1, 2, 5, 10, 11, 100].map((times) => client.options.retryStrategy!(times))).toEqual([50, 100, 250, 500, RECONNECT_MAX_MS, RECONNECT_MAX_MS]);
    } finally {
      client.disconnect();
    }
  });

  it('by Sentinels: asks them for the primary by name, follows a failover, and retries them as often', () => {
    const sentinels = [{ host: '127.0.0.1', port: portOf(hangingUp) }];
    const client = connectRedis({ sentinels, name: 'basvuru', password: 'p', sentinelPassword: 's' });
    client.on('error', () => undefined);
    try {
      expect(client.options).toMatchObject({ sentinels, name: 'basvuru', password: 'p', sentinelPassword: 's', failoverDetector: true, enableOfflineQueue: false });
      expect([1, 10, 11].map((times) => client.options.sentinelRetryStrategy!(times))).toEqual([50, 500, RECONNECT_MAX_MS]);
    } finally {
      client.disconnect();
    }
  });
});

describe('redisReady', () => {
  it('is undefined without a client, true while Redis answers, false once it is gone', async () => {
    expect(redisReady()).toBeUndefined();
    sharedRedis();
    expect(redisReady()).toBeUndefined();
    resetRedisForTests();
    config.redis = { url: `redis://127.0.0.1:${portOf(answering)}` };
    const client = sharedRedis()!;
    await redisConnected();
    expect(redisReady()).toBe(true);
    client.disconnect();
    await vi.waitFor(() => expect(redisReady()).toBe(false));
  });
});
