import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

const config = vi.hoisted(() => ({ redisUrl: undefined as string | undefined }));
vi.mock('@/lib/config', () => ({ getConfig: () => config }));

const { redisConnected, resetRedisForTests, sharedRedis } = await import('@/lib/bff/redis');

/** A stand-in Redis that answers every command with OK, and a port that hangs up at once. */
let answering: net.Server;
let hangingUp: net.Server;
const portOf = (server: net.Server) => (server.address() as net.AddressInfo).port;
beforeAll(async () => {
  answering = net.createServer((socket) => socket.on('data', (chunk) => socket.write('+OK\r\n'.repeat(chunk.toString().match(/^\*\d+\r$/gm)?.length ?? 1))));
  hangingUp = net.createServer((socket) => socket.destroy());
  await Promise.all([answering, hangingUp].map((server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))));
});
afterAll(() => Promise.all([answering, hangingUp].map((server) => new Promise((resolve) => server.close(resolve)))));
afterEach(() => {
  resetRedisForTests();
  config.redisUrl = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('sharedRedis', () => {
  it('is null without REDIS_URL, and then nothing is waited for', async () => {
    // Asked before any client was made: nothing to wait for either.
    await redisConnected();
    expect(sharedRedis()).toBeNull();
    config.redisUrl = `redis://127.0.0.1:${portOf(answering)}`;
    // Decided once per process.
    expect(sharedRedis()).toBeNull();
    await redisConnected();
  });

  it('is one client per process, ready as soon as Redis answers', async () => {
    config.redisUrl = `redis://127.0.0.1:${portOf(answering)}`;
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

  it('waits at most three seconds for a Redis that does not answer, failing commands at once, without an unhandled error', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    config.redisUrl = `redis://127.0.0.1:${portOf(hangingUp)}`;
    const client = sharedRedis()!;
    let connected = false;
    void redisConnected().then(() => (connected = true));
    await new Promise<void>((resolve) => client.once('close', () => resolve()));
    await expect(client.get('key')).rejects.toThrow();
    await vi.advanceTimersByTimeAsync(2_900);
    expect(connected).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(connected).toBe(true);
    expect(errors.mock.calls.flat().join(' ')).not.toMatch(/Unhandled error/);
  });

  it('connects anew after a reset', async () => {
    config.redisUrl = `redis://127.0.0.1:${portOf(answering)}`;
    const first = sharedRedis();
    resetRedisForTests();
    const second = sharedRedis();
    expect(second).not.toBe(first);
    await vi.waitFor(() => expect(first!.status).toBe('end'));
  });
});
