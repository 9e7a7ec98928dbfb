import { describe, expect, it } from 'vitest';
import { memoryRevocationStore, REPLAY_MS, type RevocationStore, SessionRevocation } from '@/lib/session/revocation';

/**
 * A store that can be taken down and brought back as Redis is: with its data (a dropped connection,
 * a restart with its append-only file), without it (a restart empty, FLUSHALL), or as a replica
 * that lacks the last writes (a failover before they were replicated).
 */
function fakeStore() {
  let revoked = new Set<string>();
  let notBefore = 0;
  let marker = false;
  let up = true;
  const ready: Array<() => void> = [];
  const fail = () => {
    if (!up) throw new Error('Connection is closed.');
  };
  const store: RevocationStore = {
    async read(sid) {
      fail();
      return { revoked: revoked.has(sid), notBefore, intact: marker };
    },
    async revoke(sid) {
      fail();
      revoked.add(sid);
    },
    async raiseNotBefore(at) {
      fail();
      notBefore = Math.max(notBefore, at);
    },
    async settle(at) {
      fail();
      if (marker) return false;
      marker = true;
      notBefore = Math.max(notBefore, at);
      return true;
    },
    ping: async () => up,
    watch(onReady) {
      ready.push(onReady);
    },
  };
  return {
    store,
    down: () => {
      up = false;
    },
    /** Reconnected, the data as it is. */
    back: () => {
      up = true;
      for (const call of ready) call();
    },
    /** Everything gone (restart without data, FLUSHALL), without a reconnection. */
    flush: () => {
      revoked = new Set();
      notBefore = 0;
      marker = false;
    },
    /** A replica promoted before it had `sids`' revocations. */
    failOverWithout: (...sids: string[]) => {
      for (const sid of sids) revoked.delete(sid);
      up = true;
      for (const call of ready) call();
    },
    notBefore: () => notBefore,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A process on the store, started and settled (its first connection laid the marker). */
async function started(redis: ReturnType<typeof fakeStore>, now: () => number, events: string[] = []) {
  const sessions = new SessionRevocation(redis.store, 60, now, (event) => events.push(event), 1_000);
  await settle();
  return sessions;
}

describe('SessionRevocation', () => {
  it('refuses a logged-out session, keeps the others', async () => {
    const redis = fakeStore();
    const sessions = await started(redis, () => 1_000);
    await sessions.revoke('gone');
    expect(await sessions.holds('gone', 1_000)).toBe(false);
    expect(await sessions.holds('kept', 1_000)).toBe(true);
  });

  it('the first process on an empty store lays the marker and ends the sessions from before it', async () => {
    const redis = fakeStore();
    const events: string[] = [];
    const sessions = await started(redis, () => 1_000, events);
    expect(redis.notBefore()).toBe(1_000);
    expect(events).toEqual(['lost']);
    expect(await sessions.holds('older', 999)).toBe(false);
    // A second process finds the marker: nothing moves.
    await started(redis, () => 2_000);
    expect(redis.notBefore()).toBe(1_000);
  });

  it('fails closed while the store cannot answer: no session counts, none is revived', async () => {
    const redis = fakeStore();
    const sessions = await started(redis, () => 1_000);
    await sessions.revoke('gone');
    redis.down();
    expect(await sessions.holds('gone', 1_000)).toBe(false);
    expect(await sessions.holds('kept', 1_000)).toBe(false);
    expect(sessions.failingClosed).toBe(true);
  });

  it('a dropped connection with nothing lost logs nobody out, once the other instances had time to reconnect', async () => {
    const redis = fakeStore();
    let now = 1_000;
    const events: string[] = [];
    const sessions = await started(redis, () => now, events);
    redis.down();
    expect(await sessions.holds('customer', 1_500)).toBe(false);
    now = 5_000;
    redis.back();
    await settle();
    expect(redis.notBefore()).toBe(1_000);
    // Still closed for SETTLE_MS after it failed a read, then open again.
    expect(await sessions.holds('customer', 1_500)).toBe(false);
    now = 6_000;
    expect(await sessions.holds('customer', 1_500)).toBe(true);
    expect(events).toEqual(['lost', 'down']);
  });

  it('a reconnection no read noticed (a blip) costs nothing at all', async () => {
    const redis = fakeStore();
    const sessions = await started(redis, () => 2_000);
    redis.down();
    redis.back();
    await settle();
    expect(await sessions.holds('customer', 2_000)).toBe(true);
  });

  it('a logout that could not be written is refused during the outage, written at the reconnection, and refused after it', async () => {
    const redis = fakeStore();
    let now = 1_000;
    const a = await started(redis, () => now);
    const b = await started(redis, () => now);
    redis.down();
    await a.revoke('copied');
    expect(await a.holds('copied', 1_500)).toBe(false);
    expect(await b.holds('copied', 1_500)).toBe(false);
    now = 9_000;
    redis.back();
    await settle();
    now = 10_000;
    // No one else is logged out; the copied cookie is, on both.
    expect(redis.notBefore()).toBe(1_000);
    expect(await b.holds('copied', 1_500)).toBe(false);
    expect(await b.holds('other', 1_500)).toBe(true);
    expect(await a.holds('copied', 1_500)).toBe(false);
  });

  it('a failover to a replica without the last logout writes it again; one older than REPLAY_MS is the replica\'s own', async () => {
    const redis = fakeStore();
    let now = 1_000;
    const a = await started(redis, () => now);
    const b = await started(redis, () => now);
    await a.revoke('just-now');
    now += REPLAY_MS;
    await a.revoke('later');
    redis.down();
    redis.failOverWithout('just-now', 'later');
    await settle();
    expect(await b.holds('later', 1_500)).toBe(false);
    // Kept no longer than REPLAY_MS after it was written: the break this test guards is a replay of nothing.
    expect(await b.holds('just-now', 1_500)).toBe(true);
    expect(redis.notBefore()).toBe(1_000);
  });

  it('a store that lost everything (FLUSHALL, a restart without its data) ends every session issued before, as seen by a read', async () => {
    const redis = fakeStore();
    let now = 1_000;
    const events: string[] = [];
    const sessions = await started(redis, () => now, events);
    await sessions.revoke('gone');
    now = 3_000;
    redis.flush();
    expect(await sessions.holds('old', 2_000)).toBe(false);
    expect(redis.notBefore()).toBe(3_000);
    expect(await sessions.holds('new', 3_000)).toBe(true);
    expect(events).toEqual(['lost', 'lost']);
  });

  it('a process that starts while the store is down moves "not before" once it answers (a restart during an outage)', async () => {
    const redis = fakeStore();
    await started(redis, () => 1_000);
    redis.down();
    let now = 5_000;
    const events: string[] = [];
    const sessions = await started(redis, () => now, events);
    now = 6_000;
    redis.back();
    await settle();
    expect(redis.notBefore()).toBe(6_000);
    expect(await sessions.holds('from-before-the-restart', 4_000)).toBe(false);
    expect(events).toEqual(['down', 'recovered']);
  });

  it('moves nothing when there was no outage', async () => {
    const redis = fakeStore();
    const sessions = await started(redis, () => 9_000);
    redis.back();
    await settle();
    expect(redis.notBefore()).toBe(9_000);
    expect(await sessions.holds('any', 9_000)).toBe(true);
  });
});

describe('memoryRevocationStore', () => {
  it('forgets a revocation after its lifetime', async () => {
    let now = 0;
    const store = memoryRevocationStore(() => now);
    await store.revoke('sid', 10);
    expect((await store.read('sid')).revoked).toBe(true);
    now = 10_000;
    expect((await store.read('sid')).revoked).toBe(false);
  });
});
