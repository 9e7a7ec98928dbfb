import { describe, expect, it } from 'vitest';
import { memoryRevocationStore, type RevocationStore, SessionRevocation } from '@/lib/session-revocation';

/** A store that can be taken down and brought back, as Redis is in an outage. */
function fakeStore() {
  const revoked = new Set<string>();
  let notBefore = 0;
  let up = true;
  let ready = () => undefined as void;
  let lost = () => undefined as void;
  const fail = () => {
    if (!up) throw new Error('Connection is closed.');
  };
  const store: RevocationStore = {
    async read(sid) {
      fail();
      return { revoked: revoked.has(sid), notBefore };
    },
    async revoke(sid) {
      fail();
      revoked.add(sid);
    },
    async raiseNotBefore(at) {
      fail();
      notBefore = Math.max(notBefore, at);
    },
    ping: async () => up,
    watch(onReady, onLost) {
      ready = onReady;
      lost = onLost;
    },
  };
  return {
    store,
    down: () => {
      up = false;
      lost();
    },
    back: () => {
      up = true;
      ready();
    },
    notBefore: () => notBefore,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('SessionRevocation', () => {
  it('refuses a logged-out session, keeps the others', async () => {
    const { store } = fakeStore();
    const sessions = new SessionRevocation(store, 60, () => 1_000);
    await sessions.revoke('gone');
    expect(await sessions.holds('gone', 500)).toBe(false);
    expect(await sessions.holds('kept', 500)).toBe(true);
  });

  it('fails closed while the store cannot answer: no session counts, none is revived', async () => {
    const redis = fakeStore();
    const sessions = new SessionRevocation(redis.store, 60, () => 1_000);
    await sessions.revoke('gone');
    redis.down();
    expect(await sessions.holds('gone', 500)).toBe(false);
    expect(await sessions.holds('kept', 500)).toBe(false);
  });

  it('after an outage in which a logout could not be written, every session issued before ends; later ones count', async () => {
    const redis = fakeStore();
    let now = 1_000;
    const events: string[] = [];
    const sessions = new SessionRevocation(redis.store, 60, () => now, (event) => events.push(event));
    redis.down();
    // The logout the store never heard of.
    await sessions.revoke('copied');
    now = 2_000;
    redis.back();
    await settle();
    expect(redis.notBefore()).toBe(2_000);
    expect(await sessions.holds('copied', 500)).toBe(false);
    expect(await sessions.holds('other-old', 1_999)).toBe(false);
    expect(await sessions.holds('new', 2_000)).toBe(true);
    expect(events).toEqual(['down', 'recovered']);
  });

  it('an outage seen only by a read still moves "not before": another process may have missed a logout', async () => {
    const redis = fakeStore();
    let now = 1_000;
    const sessions = new SessionRevocation(redis.store, 60, () => now);
    redis.down();
    expect(await sessions.holds('old', 500)).toBe(false);
    now = 3_000;
    // Back, with the reconnection unnoticed: the next read moves it before it answers.
    redis.back();
    expect(await sessions.holds('old', 500)).toBe(false);
    expect(redis.notBefore()).toBe(3_000);
  });

  it('a process that starts while the store is down moves "not before" once it answers (a restart during an outage)', async () => {
    const redis = fakeStore();
    redis.down();
    let now = 5_000;
    const sessions = new SessionRevocation(redis.store, 60, () => now);
    await settle();
    now = 6_000;
    redis.back();
    await settle();
    expect(redis.notBefore()).toBe(6_000);
    expect(await sessions.holds('from-before-the-restart', 4_000)).toBe(false);
  });

  it('moves nothing when there was no outage', async () => {
    const redis = fakeStore();
    const sessions = new SessionRevocation(redis.store, 60, () => 9_000);
    await settle();
    redis.back();
    await settle();
    expect(redis.notBefore()).toBe(0);
    expect(await sessions.holds('any', 1)).toBe(true);
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
