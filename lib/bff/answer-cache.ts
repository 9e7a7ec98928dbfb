import { LRUCache } from 'lru-cache';
import type { ApiCallName } from '@/lib/api/calls';
import type { Envelope } from '@/lib/api/types';

/**
 * Answers kept in memory for a while, the least recently used dropped first once `maxEntries` are
 * held (lru-cache). Each instance keeps its own: what is cached here is reference data that every
 * instance may reuse.
 */
export class AnswerCache {
  /** None with a time to live of 0 (reuse off): lru-cache's `ttl: 0` would keep answers for ever. */
  private readonly entries: LRUCache<string, Envelope> | undefined;

  constructor(ttlMs: number, maxEntries: number, now?: () => number) {
    // ttlResolution 0: the clock is read at each lookup, never a cached reading with a timer per call.
    this.entries = ttlMs > 0 ? new LRUCache({ max: maxEntries, ttl: ttlMs, ttlResolution: 0, ...(now ? { perf: { now } } : {}) }) : undefined;
  }

  get(key: string): Envelope | undefined {
    return this.entries?.get(key);
  }

  set(key: string, envelope: Envelope): void {
    this.entries?.set(key, envelope);
  }

  get size(): number {
    return this.entries?.size ?? 0;
  }
}

/**
 * The key of an answer the BFF may reuse, or undefined. Only the address lists qualify (provinces'
 * districts down to a building's doors): the same for every visitor, they change with the land
 * registry, not by the minute, and they are most of the BFF's traffic. A door's infrastructure
 * (`apartment`) is never reused: free ports and speeds change. The language is part of the key,
 * since the upstream may word its message per language.
 */
export function reusableAnswerKey(name: ApiCallName, body: Record<string, unknown> | undefined, locale: string): string | undefined {
  if (name !== 'infrastructure' || !body || body.type === 'apartment') return undefined;
  return `${name}|${locale}|${String(body.type)}|${String(body.parent_id)}`;
}
