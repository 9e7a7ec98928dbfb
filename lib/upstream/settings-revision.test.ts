import { beforeEach, describe, expect, it, vi } from 'vitest';

// The shared Redis as the test makes it: a map with GET and INCR, which can go down.
const store = new Map<string, number>();
let redisDown = false;
let redisHangs = false;
const fakeRedis = {
  get: async (key: string) => {
    if (redisHangs) return new Promise<never>(() => undefined);
    if (redisDown) throw new Error('Connection is closed.');
    return store.has(key) ? String(store.get(key)) : null;
  },
  incr: async (key: string) => {
    if (redisDown) throw new Error('Connection is closed.');
    store.set(key, (store.get(key) ?? 0) + 1);
    return store.get(key)!;
  },
};
let redis: typeof fakeRedis | null = fakeRedis;
vi.mock('@/lib/server/redis', () => ({ sharedRedis: () => redis }));

/** The module as one process holds it: a new process's memory, or another copy (a bundle layer) in the same one. */
async function freshModule({ newProcess = true } = {}) {
  vi.resetModules();
  if (newProcess) delete (globalThis as { obSettingsRevision?: number }).obSettingsRevision;
  return import('@/lib/upstream/settings-revision');
}

describe('the settings revision', () => {
  beforeEach(() => {
    store.clear();
    redisDown = false;
    redisHangs = false;
    redis = fakeRedis;
  });

  it('is what the shared Redis holds, so a revalidation on one instance changes it on every other at once', async () => {
    const one = await freshModule();
    const other = await freshModule();
    expect(await other.settingsRevision()).toBe(0);
    expect(await one.advanceSettingsRevision()).toBe(1);
    expect(await other.settingsRevision()).toBe(1);
    expect(await one.advanceSettingsRevision()).toBe(2);
    expect(await other.settingsRevision()).toBe(2);
  });

  it('while Redis cannot answer: the last one read serves, and no revalidation can be made', async () => {
    const instance = await freshModule();
    await instance.advanceSettingsRevision();
    expect(await instance.settingsRevision()).toBe(1);
    redisDown = true;
    expect(await instance.settingsRevision()).toBe(1);
    await expect(instance.advanceSettingsRevision()).rejects.toThrow();
    redisDown = false;
    expect(await instance.settingsRevision()).toBe(1);
  });

  it('while Redis takes no answer at all: the last one read, after REVISION_WAIT_MS', async () => {
    const instance = await freshModule();
    await instance.advanceSettingsRevision();
    redisHangs = true;
    const started = performance.now();
    expect(await instance.settingsRevision()).toBe(1);
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(instance.REVISION_WAIT_MS - 5);
    expect(waited).toBeLessThan(instance.REVISION_WAIT_MS + 1_000);
  });

  it('without Redis (one process) lives in memory, one number for every copy of the module in it', async () => {
    redis = null;
    const routeHandlers = await freshModule();
    const pages = await freshModule({ newProcess: false });
    expect(await pages.settingsRevision()).toBe(0);
    expect(await routeHandlers.advanceSettingsRevision()).toBe(1);
    expect(await pages.settingsRevision()).toBe(1);
  });
});
