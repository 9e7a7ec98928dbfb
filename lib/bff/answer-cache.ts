import type { ApiCallName } from '@/lib/api/calls';
import type { Envelope } from '@/lib/api/types';

/**
 * Answers kept in memory for a while, oldest dropped first once `maxEntries` are held. Each
 * instance keeps its own: what is cached here is reference data that every instance may reuse.
 */
export class AnswerCache {
  private readonly entries = new Map<string, { expires: number; envelope: Envelope }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): Envelope | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    // Used again: it moves to the young end of the map's order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.envelope;
  }

  set(key: string, envelope: Envelope): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { expires: this.now() + this.ttlMs, envelope });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
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
