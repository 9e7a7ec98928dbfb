/**
 * A secret that can be rotated without logging anyone out: several keys, each with a number, the
 * first one sealing and every one opening. `SESSION_SECRET` is either one secret (key 1) or a list
 * of `<number>=<secret>` entries separated by white space, the sealing key first:
 *
 *   SESSION_SECRET="1=<old>"              before
 *   SESSION_SECRET="1=<old> 2=<new>"      step 1: every instance can open the new key's seals
 *   SESSION_SECRET="2=<new> 1=<old>"      step 2: the new key seals, old seals still open
 *   SESSION_SECRET="2=<new>"              step 3, once the old seals' lifetime has passed
 *
 * Each step is rolled to every instance before the next, so no instance ever meets a seal it
 * cannot open. The numbers are written into each seal (iron-session's password ids), so a key
 * keeps its number for as long as it is in the ring.
 */
export interface KeyRing {
  /** iron-session's password map with the sealing key alone: it seals with the highest id it is given. */
  sealing: Record<number, string>;
  /** The sealing key's secret, for what is keyed within one process (the public page's render token). */
  current: string;
  /** Every key by its number: a seal of any of them opens. */
  opening: Record<number, string>;
  /**
   * The key of keyed hashes (rate-limit counts and a browser's known TC numbers): the oldest key in
   * the ring, so a rotation keeps the counts until its last step takes the old key out.
   */
  hashing: string;
}

export const MIN_SECRET_LENGTH = 32;
const ENTRY = /^(\d{1,6})=(\S+)$/;

export class KeyRingError extends Error {}

export function parseKeyRing(value: string): KeyRing {
  const parts = value.trim().split(/\s+/);
  const listed = parts.length > 1 || ENTRY.test(parts[0]!);
  if (listed && !parts.every((part) => ENTRY.test(part))) throw new KeyRingError('must be one secret, or `<number>=<secret>` entries separated by spaces');
  const entries = listed
    ? parts.map((part) => {
        const [, id, secret] = ENTRY.exec(part)!;
        return [Number(id), secret!] as const;
      })
    : [[1, parts[0]!] as const];
  const opening: Record<number, string> = {};
  for (const [id, secret] of entries) {
    if (id < 1) throw new KeyRingError('key numbers start at 1');
    if (secret.length < MIN_SECRET_LENGTH) throw new KeyRingError(`every secret must be at least ${MIN_SECRET_LENGTH} characters (key ${id})`);
    if (Object.hasOwn(opening, id)) throw new KeyRingError(`key ${id} is listed twice`);
    opening[id] = secret;
  }
  const [sealingId, sealingSecret] = entries[0]!;
  const oldest = Math.min(...entries.map(([id]) => id));
  return { sealing: { [sealingId]: sealingSecret }, current: sealingSecret, opening, hashing: opening[oldest]! };
}

/**
 * A bearer secret that may hold two values while it changes (`REVALIDATE_SECRET="<new> <old>"`):
 * the caller switches to the new one, then the old one is taken out.
 */
export function parseSecretList(value: string): string[] {
  const secrets = value.trim().split(/\s+/);
  if (secrets.length > 2) throw new KeyRingError('at most two secrets, the new and the old, separated by a space');
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) throw new KeyRingError(`every secret must be at least ${MIN_SECRET_LENGTH} characters`);
  }
  return secrets;
}
