import 'server-only';
import type Redis from 'ioredis';
import { sharedRedis, STARTUP_WAIT_MS } from '@/lib/server/redis';
import { getLogger } from '@/lib/server/logger';
import { SESSION_TTL_SECONDS } from '@/lib/session/cookie';

/**
 * Logout that holds on every instance, through a Redis outage, a failover and any restart
 * (SECURITY.md, docs/decisions/0016-redis-failover-without-logouts.md).
 *
 * A logout revokes the session's id in Redis, where every instance looks. While Redis cannot
 * answer, no instance can know whether a session was logged out, so every session counts as logged
 * out (fail closed). What ends every session issued before now ("not before" moved to now) is a
 * store that may really have lost revocations, and nothing else:
 * - the store lost its data (a restart without it, FLUSHALL, a failover to a replica that never
 *   synced): the marker key laid beside the revocations is gone, which every read and every
 *   reconnection sees; the first instance to see it lays it again and moves "not before" in one
 *   script, for all of them;
 * - this process started while the store could not answer: the instance it replaced may have held
 *   a logout it could not write.
 * A dropped connection, a restart with the data, a failover to a replica that kept it: nothing was
 * lost, and nobody is logged out. Logouts this process could not write, and those it wrote in the
 * last REPLAY_MS (a replica promoted before it had them), are written again at each reconnection,
 * before this process trusts the store again; it then waits SETTLE_MS more, so the other instances
 * have reconnected and written theirs too.
 */
export interface RevocationStore {
  /**
   * Whether `sid` was revoked, the time (epoch ms) before which no session counts, and whether the
   * store still holds what it was given (its marker is there). Throws when it cannot answer.
   */
  read(sid: string): Promise<{ revoked: boolean; notBefore: number; intact: boolean }>;
  /** Throws when it cannot write. */
  revoke(sid: string, ttlSeconds: number): Promise<void>;
  /** Moves "not before" to `at`, never back. Throws when it cannot write. */
  raiseNotBefore(at: number): Promise<void>;
  /** Where the marker is missing: lays it and moves "not before" to `at`, at once; answers whether it was missing. */
  settle(at: number): Promise<boolean>;
  /** Whether it answers at all once connected (a start-up probe). */
  ping(): Promise<boolean>;
  /** Calls `ready` each time the store (re)connects. */
  watch(ready: () => void): void;
}

/** How long a written logout is kept here to write again after a failover (far longer than any replication lag). */
export const REPLAY_MS = 10_000;
/** After an outage, how long sessions still count as logged out: every instance reconnects within RECONNECT_MAX_MS and writes its logouts. */
export const SETTLE_MS = 1_000;

type RevocationEvent = 'down' | 'recovered' | 'lost';
/** A logout this process made: until when it counts (epoch ms), and when the store took it, if it did. */
type KeptLogout = { until: number; writtenAt?: number };

export class SessionRevocation {
  /** A read or write failed since the store last (re)connected: every session counts as logged out. */
  private unreachable = false;
  /** This process may have missed a logout it cannot write again: "not before" moves at the next connection. */
  private missed = false;
  /** Logouts by this process (sid → until, epoch ms): not yet written, or written less than REPLAY_MS ago. */
  private readonly kept = new Map<string, KeptLogout>();
  /** The last time this process moved "not before" (epoch ms). */
  private raisedAt = 0;
  /** Sessions count again from this time (epoch ms): SETTLE_MS after an outage ended. */
  private openAt = 0;
  private reconnecting: Promise<void> | undefined;

  constructor(
    private readonly store: RevocationStore,
    private readonly ttlSeconds: number,
    private readonly now: () => number = Date.now,
    private readonly log: (event: RevocationEvent, notBefore?: number) => void = () => undefined,
    private readonly settleMs = SETTLE_MS,
  ) {
    store.watch(() => void this.reconnected());
    void store.ping().then(
      (answers) => (answers ? this.reconnected() : this.startedBlind()),
      () => this.startedBlind(),
    );
  }

  /** Whether every session counts as logged out now. */
  get failingClosed(): boolean {
    return this.unreachable || this.missed;
  }

  /** Whether a session with this id, issued at `issuedAt` (epoch ms), still counts. */
  async holds(sid: string, issuedAt: number): Promise<boolean> {
    if (this.kept.has(sid)) return false;
    let answer: { revoked: boolean; notBefore: number; intact: boolean };
    try {
      answer = await this.store.read(sid);
    } catch {
      this.down();
      return false;
    }
    // The store answers again without a reconnection (a refused write, FLUSHALL): settled here.
    if (this.unreachable || this.missed || !answer.intact) await this.reconnected();
    if (this.failingClosed || this.now() < this.openAt) return false;
    // The answer may predate this process's own move of "not before".
    return !answer.revoked && issuedAt >= Math.max(answer.notBefore, this.raisedAt);
  }

  async revoke(sid: string): Promise<void> {
    this.prune();
    const entry: KeptLogout = { until: this.now() + this.ttlSeconds * 1000 };
    this.kept.set(sid, entry);
    try {
      await this.store.revoke(sid, this.ttlSeconds);
      entry.writtenAt = this.now();
    } catch {
      this.down();
    }
  }

  /** Forgets the logouts written REPLAY_MS ago or more: the store, and any replica of it, holds them. */
  private prune() {
    for (const [sid, entry] of this.kept) {
      if (entry.writtenAt !== undefined && this.now() - entry.writtenAt >= REPLAY_MS) this.kept.delete(sid);
    }
  }

  private down() {
    if (!this.unreachable) this.log('down');
    this.unreachable = true;
  }

  private startedBlind() {
    this.missed = true;
    this.down();
  }

  /** At each (re)connection: the marker checked, this process's logouts written again, and "not before" moved if a logout may be gone. */
  private reconnected(): Promise<void> {
    this.reconnecting ??= this.settle().finally(() => (this.reconnecting = undefined));
    return this.reconnecting;
  }

  private async settle(): Promise<void> {
    const at = this.now();
    try {
      if (await this.store.settle(at)) {
        this.raisedAt = Math.max(this.raisedAt, at);
        this.log('lost', at);
      }
      for (const [sid, entry] of this.kept) {
        const left = Math.ceil((entry.until - this.now()) / 1000);
        if (left > 0) await this.store.revoke(sid, left);
        entry.writtenAt ??= this.now();
      }
      if (this.missed) {
        await this.store.raiseNotBefore(at);
        this.raisedAt = Math.max(this.raisedAt, at);
        this.missed = false;
        this.log('recovered', at);
      }
    } catch {
      // Still unreachable: the next read or reconnection tries again.
      this.down();
      return;
    }
    this.prune();
    if (this.unreachable) {
      this.unreachable = false;
      this.openAt = this.now() + this.settleMs;
    }
  }
}

const NOT_BEFORE_KEY = 'ob:sessions:not-before';
/** Laid once beside the revocations, never expiring (the state Redis runs with noeviction): gone means they may be gone. */
const MARKER_KEY = 'ob:sessions:marker';
const revokedKey = (sid: string) => `ob:sessions:revoked:${sid}`;
// Moves the key forward only: two instances recovering at once never move it back.
const RAISE = "local v = tonumber(redis.call('GET', KEYS[1]) or '0') if tonumber(ARGV[1]) > v then redis.call('SET', KEYS[1], ARGV[1]) end return 1";
// The marker laid and "not before" moved in one step: no instance can see the one without the other.
const SETTLE = `if redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
redis.call('SET', KEYS[2], ARGV[1])
${RAISE.replace(' return 1', '')}
return 1`;

export function redisRevocationStore(redis: Redis): RevocationStore {
  return {
    async read(sid) {
      const [revoked, notBefore, marker] = await redis.mget(revokedKey(sid), NOT_BEFORE_KEY, MARKER_KEY);
      return { revoked: revoked !== null, notBefore: Number(notBefore ?? 0), intact: marker !== null };
    },
    async revoke(sid, ttlSeconds) {
      await redis.set(revokedKey(sid), '1', 'EX', ttlSeconds);
    },
    async raiseNotBefore(at) {
      await redis.eval(RAISE, 1, NOT_BEFORE_KEY, String(at));
    },
    settle: async (at) => (await redis.eval(SETTLE, 2, NOT_BEFORE_KEY, MARKER_KEY, String(at))) === 1,
    // Whether it answers within a start-up's wait: a first connection that fails and the next that
    // succeeds (a slow start on a busy machine) is not an outage; ten seconds without an answer is.
    ping: () =>
      new Promise<boolean>((resolve) => {
        if (redis.status === 'ready') return resolve(true);
        const timer = setTimeout(() => resolve(false), STARTUP_WAIT_MS);
        timer.unref?.();
        redis.once('ready', () => (clearTimeout(timer), resolve(true)));
      }),
    watch(ready) {
      redis.on('ready', ready);
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
      return { revoked: until !== undefined && until > now(), notBefore: 0, intact: true };
    },
    async revoke(sid, ttlSeconds) {
      revoked.set(sid, now() + ttlSeconds * 1000);
    },
    async raiseNotBefore() {},
    settle: async () => false,
    ping: async () => true,
    watch: () => undefined,
  };
}

/** One per process (globalThis): each of Next.js's bundles of this module would otherwise watch Redis on its own, and move "not before" at its first use. */
const process_ = globalThis as typeof globalThis & { obSessionRevocation?: SessionRevocation };

const LOG_LINES: Record<RevocationEvent, string> = {
  down: 'sessions: Redis unreachable, every session counts as logged out until it answers',
  recovered: 'sessions: Redis answers again; sessions issued before now end (this instance started while it could not answer: a logout may have been missed)',
  lost: 'sessions: Redis lost its revocations (restarted empty, flushed or a replica without them); sessions issued before now end',
};

/** This process's revocation check, on the state Redis when there is one. */
export function sessionRevocation(): SessionRevocation {
  if (process_.obSessionRevocation) return process_.obSessionRevocation;
  const redis = sharedRedis();
  return (process_.obSessionRevocation = new SessionRevocation(redis ? redisRevocationStore(redis) : memoryRevocationStore(), SESSION_TTL_SECONDS, Date.now, (event, notBefore) =>
    event === 'down'
      ? getLogger().warn({ store: 'redis' }, LOG_LINES.down)
      : getLogger()[event === 'lost' ? 'warn' : 'info']({ store: 'redis', notBefore: new Date(notBefore!).toISOString() }, LOG_LINES[event]),
  ));
}
