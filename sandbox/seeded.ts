/**
 * Deterministic pseudo-randomness for generated data: the same key always gives the same numbers,
 * so generated townships, streets and doors never change between runs or machines.
 */

/** FNV-1a, 32 bits. */
export function hashString(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32 seeded by `key`: returns a function giving integers in [0, 2^32). */
export function seededRandom(key: string): () => number {
  let state = hashString(key);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** An integer in [min, max] from a generator. */
export function between(next: () => number, min: number, max: number): number {
  return min + (next() % (max - min + 1));
}

/** `count` distinct items of `pool`, in a deterministic shuffled order. */
export function pick<T>(next: () => number, pool: readonly T[], count: number): T[] {
  const copy = [...pool];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = next() % (i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, count);
}
