import 'server-only';
import type Redis from 'ioredis';
import { sharedRedis } from '@/lib/bff/redis';
import { getLogger } from '@/lib/logger';
import { SESSION_TTL_SECONDS } from '@/lib/session-cookie';

/**
 * Logout that holds on every instance, through a Redis outage and any restart (SECURITY.md).
 *
 * A logout revokes the session's id in Redis, where every instance looks. While Redis cannot
 * answer, no instance can know whether a session was logged out, so every session counts as
 * logged out (fail closed: a revived session is never possible; a customer logs in again once
 * Redis answers). A logout that could not be written, or any outage this process saw (its start
 * included), may have missed a revocation: when Redis answers again this process moves the time
 * before which no session counts ("not before") to now, so every session issued before ends and
 * its customer logs in once more.
 */
export interface RevocationStore {
  /** Whether `sid` was revoked, and the time (epoch ms) before which no session counts. Throws when it cannot answer. */
  read(sid: string): Promise<{ revoked: boolean; notBefore: number }>;
  /** Throws when it cannot write. */
  revoke(sid: string, ttlSeconds: number): Promise<void>;
  /** Moves "not before" to `at`, never back. Throws when it cannot write. */
  raiseNotBefore(at: number): Promise<void>;
  /** Whether it answers at all once connected (a start-up probe). */
  ping(): Promise<boolean>;
  /** Calls `ready` each time the store (re)connects and `lost` each time its connection drops. */
  watch(ready: () => void, lost: () => void): void;
}

export class SessionRevocation {
  /** This process met the store unable to answer: a revocation may be missing, until "not before" moves. */
  private missed = false;
  /** The last time this process moved "not before" (epoch ms). */
  private raisedAt = 0;

  constructor(
    private readonly store: RevocationStore,
    private readonly ttlSeconds: number,
    private readonly now: () => number = Date.now,
    private readonly log: (event: 'down' | 'recovered', notBefore?: number) => void = () => undefined,
  ) {
    // A dropped connection is an outage every instance sees at once, whether or not a logout came.
    store.watch(
      () => void this.recover(),
      () => this.down(),
    );
    void store.ping().then(
      (answers) => answers || this.down(),
      () => this.down(),
    );
  }

  /** Whether every session counts as logged out now: a revocation may have been missed and "not before" has not moved yet. */
  get failingClosed(): boolean {
    return this.missed;
  }

  /** Whether a session with this id, issued at `issuedAt` (epoch ms), still counts. */
  async holds(sid: string, issuedAt: number): Promise<boolean> {
    let answer: { revoked: boolean; notBefore: number };
    try {
      answer = await this.store.read(sid);
    } catch {
      this.down();
      return false;
    }
    if (this.missed) {
      await this.recover();
      if (this.missed) return false;
    }
    // The answer may predate this process's own move of "not before".
    return !answer.revoked && issuedAt >= Math.max(answer.notBefore, this.raisedAt);
  }

  async revoke(sid: string): Promise<void> {
    try {
      await this.store.revoke(sid, this.ttlSeconds);
    } catch {
      this.down();
    }
  }

  private down() {
    if (!this.missed) this.log('down');
    this.missed = true;
  }

  /** After an outage, moves "not before" to now (while the store still cannot write, the next read or reconnection tries again). */
  private async recover(): Promise<void> {
    if (!this.missed) return;
    const at = this.now();
    try {
      await this.store.raiseNotBefore(at);
    } catch {
      return;
    }
    this.raisedAt = Math.max(this.raisedAt, at);
    this.missed = false;
    this.log('recovered', at);
  }
}

const NOT_BEFORE_KEY = 'ob:sessions:not-before';
const revokedKey = (sid: string) => `ob:sessions:revoked:${sid}`;
// Moves the key forward only: two instances recovering at once never move it back.
const RAISE = "local v = tonumber(redis.call('GET', KEYS[1]) or '0') if tonumber(ARGV[1]) > v then redis.call('SET', KEYS[1], ARGV[1]) end return 1";

export function redisRevocationStore(redis: Redis): RevocationStore {
  return {
    async read(sid) {
      const [revoked, notBefore] = await redis.mget(revokedKey(sid), NOT_BEFORE_KEY);
      return { revoked: revoked !== null, notBefore: Number(notBefore ?? 0) };
    },
    async revoke(sid, ttlSeconds) {
      await redis.set(revokedKey(sid), '1', 'EX', ttlSeconds);
    },
    async raiseNotBefore(at) {
      await redis.eval(RAISE, 1, NOT_BEFORE_KEY, String(at));
    },
    // Its first connection's outcome: ready, or refused (a slow start-up is not an outage).
    ping: () =>
      new Promise<boolean>((resolve) => {
        if (redis.status === 'ready') return resolve(true);
        const timer = setTimeout(() => resolve(false), 10_000);
        timer.unref?.();
        redis.once('ready', () => (clearTimeout(timer), resolve(true)));
        redis.once('error', () => (clearTimeout(timer), resolve(false)));
      }),
    watch(ready, lost) {
      redis.on('ready', ready);
      redis.on('close', lost);
    },
  };
}

/** Without Redis: this process's memory (a restart forgets revocations; docs/operations.md says to run
 * Redis). */
export function memoryRevocationStore(now: () => number = Date.now): RevocationStore {
  const revoked = new Map<string, number>();
  return {
    async read(sid) {
      const until = revoked.get(sid);
      if (until !== undefined && until <= now()) revoked.delete(sid);
      return { revoked: until !== undefined && until > now(), notBefore: 0 };
    },
    async revoke(sid, ttlSeconds) {
      revoked.set(sid, now() + ttlSeconds * 1000);
    },
    async raiseNotBefore() {},
    ping: async () => true,
    watch: () => undefined,
  };
}

/** One per process (globalThis): each of Next.js's bundles of this module would otherwise watch Redis on its own, and move "not before" at its first use. */
const process_ = globalThis as typeof globalThis & { obSessionRevocation?: SessionRevocation };

/** This process's revocation check, on Redis when REDIS_URL is set. */
export function sessionRevocation(): SessionRevocation {
  if (process_.obSessionRevocation) return process_.obSessionRevocation;
  const redis = sharedRedis();
  return (process_.obSessionRevocation = new SessionRevocation(redis ? redisRevocationStore(redis) : memoryRevocationStore(), SESSION_TTL_SECONDS, Date.now, (event, notBefore) =>
    event === 'down'
      ? getLogger().warn({ store: 'redis' }, 'sessions: Redis unreachable, every session counts as logged out until it answers')
      : getLogger().info({ store: 'redis', notBefore: new Date(notBefore!).toISOString() }, 'sessions: Redis answers again; sessions issued before now end (a logout may have been missed)'),
  ));
}
