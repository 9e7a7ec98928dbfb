import 'server-only';
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sealData, unsealData } from 'iron-session';
import type { ApiCallName } from '@/lib/api/calls';
import { keyed } from '@/lib/bff/device';
import { sharedRedis } from '@/lib/server/redis';
import { getConfig } from '@/lib/server/config';
import { recordFiling } from '@/lib/bff/call-metrics';
import { callUpstream, type UpstreamAnswer, UpstreamError, type UpstreamRequest } from '@/lib/upstream/upstream';

/**
 * A call that files an application (register-step-4, transfer-register-step-5 and the customer's)
 * is never given up on at API_TIMEOUT_MS: the upstream may file it and answer late, and a second
 * try would file twice or be told the form has expired. Past the bound the browser hears 504 with
 * `details.filing_pending` and asks POST /api/filing for the answer (app/api/filing), which is kept
 * here under the form's hash, where every instance looks (Redis; else this process), for ten minutes.
 */
export const FILING_WAIT_MS = 120_000;
const KEPT_SECONDS = 600;

/**
 * What became of a filing call: still waiting, the upstream's answer (kept sealed: it may hold the
 * customer's token), or none (no answer came). Told only to the browser that made the call (its
 * XSRF cookie, keyed): a form hash seen elsewhere (the consent audit line) claims nothing.
 */
export type FilingOutcome = { call: ApiCallName; browser: string } & (
  | { state: 'pending' }
  | { state: 'answered'; answer: UpstreamAnswer }
  | { state: 'unanswered' }
  | { state: 'filedUnanswered' }
);

/**
 * Outcomes this process holds, on globalThis: Next.js bundles this module once for the route
 * handlers and once for instrumentation (which puts them away at a stop), and two module-level maps
 * would leave the stop with an empty one.
 */
const process_ = globalThis as typeof globalThis & { obHeldFilings?: Map<string, { sealed: string; until: number }> };
const memory = (process_.obHeldFilings ??= new Map());
const storeKey = (formHash: string) => `ob:filing:${keyed(formHash)}`;

async function put(formHash: string, outcome: FilingOutcome): Promise<void> {
  // The answer holds the customer's token: sealed with the session secret, as the session cookie is.
  const sealed = await sealData(outcome, { password: getConfig().sessionKeys.sealing, ttl: KEPT_SECONDS });
  const redis = sharedRedis();
  // Stryker disable next-line ConditionalExpression: equivalent, without a client the TypeError is caught like Redis being down.
  if (redis) {
    try {
      await redis.set(storeKey(formHash), sealed, 'EX', KEPT_SECONDS);
      return;
    } catch {
      // Redis down: this instance keeps it, and the browser's next ask may reach it.
    }
  }
  memory.set(storeKey(formHash), { sealed, until: Date.now() + KEPT_SECONDS * 1000 });
}

/** The outcome kept for a form hash and this browser, or undefined when it had no late filing. */
export async function filingOutcome(formHash: string, browser: string | undefined): Promise<FilingOutcome | undefined> {
  let sealed: string | null | undefined;
  const redis = sharedRedis();
  if (redis) sealed = await redis.get(storeKey(formHash)).catch(() => undefined);
  if (!sealed) {
    const kept = memory.get(storeKey(formHash));
    if (kept && kept.until > Date.now()) sealed = kept.sealed;
  }
  if (!sealed) return undefined;
  const outcome = await unsealData<FilingOutcome>(sealed, { password: getConfig().sessionKeys.opening, ttl: KEPT_SECONDS });
  return 'state' in outcome && browser !== undefined && outcome.browser === keyed(browser) ? outcome : undefined;
}

/** This process's held filings, in files of their own: two instances stopping at once never overwrite each other's. */
const HELD_FILE = /^held-filings(-[\w-]+)?\.json$/;

/** The outcomes held here that Redis takes now: moved there, so every instance can tell them. */
async function moveHeldToRedis(): Promise<{ moved: number; left: [string, { sealed: string; until: number }][] }> {
  const held = [...memory].filter(([, kept]) => kept.until > Date.now());
  const redis = sharedRedis();
  const left: typeof held = [];
  for (const entry of held) {
    const [key, kept] = entry;
    try {
      // Stryker disable next-line StringLiteral: equivalent, the error is caught below and its message never read.
      if (!redis) throw new Error('no Redis');
      await redis.set(key, kept.sealed, 'PX', kept.until - Date.now());
      memory.delete(key);
    } catch {
      left.push(entry);
    }
  }
  return { moved: held.length - left.length, left };
}

/**
 * On stop: the outcomes this process holds (kept here because Redis could not take them) go to Redis
 * if it answers now, else to a file of this process's own in `dir` (sealed as they are), for the
 * instances started after it to take back. Answers how many went where.
 */
export async function putAwayHeldFilings(dir: string | undefined): Promise<{ redis: number; file: number; lost: number }> {
  const { moved, left } = await moveHeldToRedis();
  if (left.length > 0 && dir) {
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, `held-filings-${randomUUID()}.json`), JSON.stringify(Object.fromEntries(left)), { mode: 0o600 });
  }
  return { redis: moved, file: dir ? left.length : 0, lost: dir ? 0 : left.length };
}

/**
 * On start: the outcomes stopped instances left in `dir` are held again (each file claimed by a
 * rename, so two instances starting together never both take one), and moved to Redis now or as
 * soon as it answers.
 */
export async function takeBackHeldFilings(dir: string): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  let taken = 0;
  for (const name of names.filter((entry) => HELD_FILE.test(entry))) {
    const claimed = path.join(dir, `${name}.taking-${randomUUID()}`);
    let kept: Record<string, { sealed: string; until: number }>;
    try {
      await rename(path.join(dir, name), claimed);
      // Stryker disable next-line StringLiteral: equivalent, without an encoding the file comes as a Buffer, which JSON.parse reads as UTF-8 text.
      kept = JSON.parse(await readFile(claimed, 'utf8'));
    } catch {
      continue;
    } finally {
      await rm(claimed, { force: true });
    }
    for (const [key, entry] of Object.entries(kept)) {
      if (!key.startsWith('ob:filing:') || typeof entry?.sealed !== 'string' || !(entry.until > Date.now())) continue;
      memory.set(key, { sealed: entry.sealed, until: entry.until });
      taken++;
    }
  }
  if (taken > 0) {
    await moveHeldToRedis();
    sharedRedis()?.on('ready', () => void moveHeldToRedis());
  }
  return taken;
}

/** Forgets an outcome once it was told: the answer starts a session at most once. */
export async function forgetFiling(formHash: string): Promise<void> {
  memory.delete(storeKey(formHash));
  await sharedRedis()?.del(storeKey(formHash)).catch(() => undefined);
}

/** Thrown when the bound passed before the answer: the answer is kept as it comes. */
export class FilingPending extends Error {}

/** Thrown when the upstream filed the application but its answer was lost (a reset connection). */
export class FiledUnanswered extends Error {}

const FILED_UNANSWERED = Symbol('filed, answer lost');

/** The upstream refused the form's hash: used or expired
 * (docs/decisions/0011-embedded-sandbox-upstream.md, `details.reason`). */
function formRefused(answer: UpstreamAnswer): boolean {
  const details = answer.envelope.details as { reason?: unknown } | undefined;
  return answer.status === 400 && details?.reason === 'form_invalid';
}

/**
 * The filing call, sent once more when its connection failed without an answer (reset or refused):
 * the same hash cannot file twice. Either the first never arrived and this one files, or the first
 * filed and the hash is now refused as used: filed, with the answer lost. (A hash refused for its
 * age instead cannot reach here: the wizard never sends one within a minute of its 30.)
 */
async function fileOnce(name: ApiCallName, request: UpstreamRequest): Promise<UpstreamAnswer | typeof FILED_UNANSWERED> {
  try {
    return await callUpstream(name, request);
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.kind !== 'unreachable') throw error;
    const again = await callUpstream(name, request);
    return formRefused(again) ? FILED_UNANSWERED : again;
  }
}

/**
 * Makes a filing call: its answer within API_TIMEOUT_MS, else FilingPending while the call goes on
 * for up to FILING_WAIT_MS and its outcome is kept (`onLateAnswer` runs with a late answer).
 */
export async function fileApplication(
  name: ApiCallName,
  request: UpstreamRequest,
  { formHash, browser }: { formHash: string; browser: string | undefined },
  onLateAnswer: (answer: UpstreamAnswer) => void,
): Promise<UpstreamAnswer> {
  const call = fileOnce(name, { ...request, timeoutMs: FILING_WAIT_MS });
  // Counted once the upstream acted, whoever hears of it (this call, app/api/filing, nobody).
  void call.then(
    (answer) => (answer === FILED_UNANSWERED ? recordFiling(name, false) : answer.envelope.status && recordFiling(name, true)),
    () => undefined,
  );
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<'bound'>((resolve) => (timer = setTimeout(() => resolve('bound'), getConfig().apiTimeoutMs)));
  const first = await Promise.race([call, bound]).finally(() => clearTimeout(timer));
  if (first === FILED_UNANSWERED) throw new FiledUnanswered();
  if (first !== 'bound') return first;
  const owner = { call: name, browser: keyed(browser ?? '') };
  await put(formHash, { ...owner, state: 'pending' });
  void call.then(
    async (answer) => {
      if (answer === FILED_UNANSWERED) return put(formHash, { ...owner, state: 'filedUnanswered' });
      await put(formHash, { ...owner, state: 'answered', answer });
      onLateAnswer(answer);
    },
    () => put(formHash, { ...owner, state: 'unanswered' }),
  );
  throw new FilingPending();
}
