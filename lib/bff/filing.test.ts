import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { UpstreamAnswer, UpstreamRequest } from '@/lib/upstream/upstream';

/**
 * A filing call as the backend-for-frontend makes it (lib/bff/filing.ts), against a stand-in for the
 * upstream client whose answers each test decides, and a Redis that is absent, present or failing.
 */
const state = vi.hoisted(() => ({
  config: { sessionKeys: { sealing: { 1: 'f'.repeat(40) }, current: 'f'.repeat(40), opening: { 1: 'f'.repeat(40) }, hashing: 'f'.repeat(40) }, apiTimeoutMs: 40 },
  calls: [] as { name: string; request: unknown }[],
  answers: [] as (() => Promise<unknown>)[],
  redis: null as null | { set: (...args: unknown[]) => Promise<unknown>; get: (key: string) => Promise<string | null>; del: (key: string) => Promise<unknown>; on?: (event: string, listener: () => void) => void },
}));
vi.mock('@/lib/server/config', () => ({ getConfig: () => state.config }));
vi.mock('@/lib/server/redis', () => ({ sharedRedis: () => state.redis }));
vi.mock('@/lib/upstream/upstream', () => {
  class UpstreamError extends Error {
    constructor(
      readonly kind: 'unreachable' | 'timeout' | 'invalid',
      message: string,
    ) {
      super(message);
    }
  }
  return {
    UpstreamError,
    callUpstream: (name: string, request: unknown) => {
      state.calls.push({ name, request });
      const next = state.answers.shift();
      if (!next) throw new Error('no answer planned');
      return next();
    },
  };
});

const { FiledUnanswered, FILING_WAIT_MS, fileApplication, FilingPending, filingOutcome, forgetFiling } = await import('@/lib/bff/filing');
const { UpstreamError } = await import('@/lib/upstream/upstream');
const { keyed } = await import('@/lib/bff/device');
const { putAwayHeldFilings, takeBackHeldFilings } = await import('@/lib/bff/filing');
const { freshMetricsForTests } = await import('@/lib/observability/metrics');
const fs = await import('node:fs');
const os = await import('node:os');
const path = await import('node:path');

const filed: UpstreamAnswer = { status: 200, envelope: { status: true, data: { token: 'customer-token', user: {} } } };
const usedHash: UpstreamAnswer = { status: 400, envelope: { status: false, message: 'used', details: { reason: 'form_invalid' } } };
const request: UpstreamRequest = { json: { form_security_hash: 'h' }, headers: { 'X-Request-Id': 'r1' } };

/** An answer that arrives when the test says so. */
function later<T>() {
  let settle!: { resolve: (value: T) => void; reject: (error: unknown) => void };
  const promise = new Promise<T>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, ...settle };
}
const unreachable = () => Promise.reject(new UpstreamError('unreachable', 'ECONNRESET'));

let hash = 0;
let formHash = '';
beforeEach(() => {
  state.calls.length = 0;
  state.answers.length = 0;
  state.redis = null;
  formHash = `form-${(hash += 1)}`;
});
afterEach(() => vi.useRealTimers());

const file = (onLate: (answer: UpstreamAnswer) => void = () => undefined, { browser }: { browser: string | undefined } = { browser: 'browser-1' }) =>
  fileApplication('registerStep4', request, { formHash, browser }, onLate);
/** The outcome once the late answer has been kept (sealing it takes a moment). */
const keptAs = (browser: string, expected: Record<string, unknown>) =>
  vi.waitFor(async () => expect(await filingOutcome(formHash, browser)).toMatchObject(expected), { timeout: 2_000, interval: 5 });

describe('fileApplication', () => {
  it('answers what the upstream answers within API_TIMEOUT_MS, and waits for it up to FILING_WAIT_MS', async () => {
    state.answers.push(async () => filed);
    expect(await file()).toBe(filed);
    expect(state.calls).toEqual([{ name: 'registerStep4', request: { ...request, timeoutMs: FILING_WAIT_MS } }]);
    expect(FILING_WAIT_MS).toBe(120_000);
    expect(await filingOutcome(formHash, 'browser-1')).toBeUndefined();
  });

  it('leaves no timer behind once answered', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    state.answers.push(async () => filed);
    expect(await file()).toBe(filed);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('sends it once more after a connection that failed without an answer', async () => {
    state.answers.push(unreachable, async () => filed);
    expect(await file()).toBe(filed);
    expect(state.calls).toHaveLength(2);
  });

  it('takes a second try refused for a used form as filed, with the answer lost', async () => {
    state.answers.push(unreachable, async () => usedHash);
    await expect(file()).rejects.toBeInstanceOf(FiledUnanswered);
  });

  it('answers any other refusal of the second try as it is', async () => {
    const otherReason: UpstreamAnswer = { status: 400, envelope: { status: false, details: { reason: 'wrong_code' } } };
    const otherStatus: UpstreamAnswer = { status: 422, envelope: { status: false, details: { reason: 'form_invalid' } } };
    const noDetails: UpstreamAnswer = { status: 400, envelope: { status: false } };
    for (const answer of [otherReason, otherStatus, noDetails]) {
      state.answers.push(unreachable, async () => answer);
      expect(await file()).toBe(answer);
    }
  });

  it('never sends it again after a timeout or any other failure', async () => {
    state.answers.push(() => Promise.reject(new UpstreamError('timeout', 'slow')));
    await expect(file()).rejects.toMatchObject({ kind: 'timeout' });
    state.answers.push(() => Promise.reject(new Error('bug')));
    await expect(file()).rejects.toThrow('bug');
    expect(state.calls).toHaveLength(2);
  });

  it('past API_TIMEOUT_MS, says it is pending and keeps the late answer for the browser that filed it', async () => {
    const answer = later<UpstreamAnswer>();
    state.answers.push(() => answer.promise);
    const late = vi.fn();
    await expect(file(late)).rejects.toBeInstanceOf(FilingPending);
    expect(await filingOutcome(formHash, 'browser-1')).toEqual({ call: 'registerStep4', browser: keyed('browser-1'), state: 'pending' });
    // Another browser, or none, learns nothing of it.
    expect(await filingOutcome(formHash, 'browser-2')).toBeUndefined();
    expect(await filingOutcome(formHash, undefined)).toBeUndefined();
    expect(late).not.toHaveBeenCalled();

    answer.resolve(filed);
    await keptAs('browser-1', { state: 'answered' });
    expect(await filingOutcome(formHash, 'browser-1')).toEqual({ call: 'registerStep4', browser: keyed('browser-1'), state: 'answered', answer: filed });
    await vi.waitFor(() => expect(late).toHaveBeenCalledWith(filed));
  });

  it('keeps a late failure as unanswered, and a late lost answer as filed', async () => {
    const failing = later<UpstreamAnswer>();
    state.answers.push(() => failing.promise);
    const late = vi.fn();
    await expect(file(late)).rejects.toBeInstanceOf(FilingPending);
    failing.reject(new UpstreamError('timeout', 'slow'));
    await keptAs('browser-1', { state: 'unanswered' });

    formHash += '-b';
    const reset = later<UpstreamAnswer>();
    state.answers.push(() => reset.promise, async () => usedHash);
    await expect(file(late)).rejects.toBeInstanceOf(FilingPending);
    reset.reject(new UpstreamError('unreachable', 'ECONNRESET'));
    await keptAs('browser-1', { state: 'filedUnanswered' });
    expect(late).not.toHaveBeenCalled();
  });

  it('keeps an outcome for a browser without an XSRF cookie under the empty name, told to nobody', async () => {
    const answer = later<UpstreamAnswer>();
    state.answers.push(() => answer.promise);
    await expect(file(undefined, { browser: undefined })).rejects.toBeInstanceOf(FilingPending);
    expect(await filingOutcome(formHash, '')).toMatchObject({ state: 'pending', browser: keyed('') });
    expect(await filingOutcome(formHash, undefined)).toBeUndefined();
  });
});

describe('the kept outcome', () => {
  async function pending() {
    state.answers.push(() => new Promise(() => undefined));
    await expect(file()).rejects.toBeInstanceOf(FilingPending);
  }

  it('is kept in this process for ten minutes, and forgotten once told', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z'), toFake: ['Date'] });
    await pending();
    const kept = Date.now();
    vi.setSystemTime(kept + 599_999);
    expect(await filingOutcome(formHash, 'browser-1')).toMatchObject({ state: 'pending' });
    vi.setSystemTime(kept + 600_000);
    expect(await filingOutcome(formHash, 'browser-1')).toBeUndefined();

    vi.useRealTimers();
    formHash += '-b';
    await pending();
    await forgetFiling(formHash);
    expect(await filingOutcome(formHash, 'browser-1')).toBeUndefined();
  });

  it('is kept in Redis, sealed, under a keyed name for ten minutes, where every instance finds it', async () => {
    const store = new Map<string, string>();
    const sets: unknown[][] = [];
    state.redis = {
      set: async (...args) => {
        sets.push(args);
        store.set(args[0] as string, args[1] as string);
      },
      get: async (key) => store.get(key) ?? null,
      del: async (key) => store.delete(key),
    };
    const answer = later<UpstreamAnswer>();
    state.answers.push(() => answer.promise);
    await expect(file()).rejects.toBeInstanceOf(FilingPending);
    answer.resolve(filed);
    await keptAs('browser-1', { state: 'answered' });
    const key = `ob:filing:${keyed(formHash)}`;
    expect(sets.map(([name, , mode, seconds]) => [name, mode, seconds])).toEqual([
      [key, 'EX', 600],
      [key, 'EX', 600],
    ]);
    expect(store.get(key)).toMatch(/^Fe26\.2\*/);
    expect(store.get(key)).not.toContain('customer-token');
    expect(await filingOutcome(formHash, 'browser-1')).toMatchObject({ state: 'answered', answer: filed });

    // Not in this process's memory: another instance reads the same.
    state.redis = null;
    expect(await filingOutcome(formHash, 'browser-1')).toBeUndefined();
    state.redis = { set: async () => undefined, get: async (name) => store.get(name) ?? null, del: async (name) => store.delete(name) };
    await forgetFiling(formHash);
    expect(store.has(key)).toBe(false);
  });

  it('reads Redis before this process: a Redis back before the answer came holds the newer outcome', async () => {
    const store = new Map<string, string>();
    let up = false;
    state.redis = {
      set: async (name, value) => {
        if (!up) throw new Error('down');
        store.set(name as string, value as string);
      },
      get: async (name) => (up ? (store.get(name) ?? null) : Promise.reject(new Error('down'))),
      del: async (name) => store.delete(name),
    };
    const answer = later<UpstreamAnswer>();
    state.answers.push(() => answer.promise);
    await expect(file()).rejects.toBeInstanceOf(FilingPending);
    up = true;
    answer.resolve(filed);
    await keptAs('browser-1', { state: 'answered' });
  });

  it('falls back to this process while Redis fails', async () => {
    state.redis = {
      set: async () => Promise.reject(new Error('down')),
      get: async () => Promise.reject(new Error('down')),
      del: async () => Promise.reject(new Error('down')),
    };
    await pending();
    expect(await filingOutcome(formHash, 'browser-1')).toMatchObject({ state: 'pending' });
    await forgetFiling(formHash);
    expect(await filingOutcome(formHash, 'browser-1')).toBeUndefined();
  });

  it('survives a stop while Redis is down: written sealed to a file of its own, taken back by the next process, else pushed to Redis', async () => {
    const { putAwayHeldFilings, takeBackHeldFilings } = await import('@/lib/bff/filing');
    const { mkdtempSync, readFileSync, readdirSync, rmSync } = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'held-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const files = () => readdirSync(dir);
    let onReady: (() => void) | undefined;
    const down = { set: async () => Promise.reject(new Error('down')), get: async () => Promise.reject(new Error('down')), del: async () => Promise.reject(new Error('down')), on: (_: string, listener: () => void) => void (onReady = listener) };
    state.redis = down;
    await pending();
    expect(await putAwayHeldFilings(dir)).toMatchObject({ redis: 0, file: expect.any(Number), lost: 0 });
    // Sealed as kept: the file holds no answer in clear.
    expect(files()).toHaveLength(1);
    expect(readFileSync(path.join(dir, files()[0]!), 'utf8')).not.toContain('browser-1');
    // A second process stopping writes a file of its own beside it, never over it.
    expect(await putAwayHeldFilings(dir)).toMatchObject({ file: expect.any(Number) });
    expect(files()).toHaveLength(2);
    await forgetFiling(formHash);
    expect(await filingOutcome(formHash, 'browser-1')).toBeUndefined();

    // The next process takes both back, and the files go.
    expect(await takeBackHeldFilings(dir)).toBeGreaterThan(0);
    expect(files()).toEqual([]);
    expect(await filingOutcome(formHash, 'browser-1')).toMatchObject({ state: 'pending' });
    expect(await takeBackHeldFilings(dir)).toBe(0);

    // Redis answers again: what was taken back moves there, for every instance.
    const moved = new Map<string, unknown[]>();
    Object.assign(down, { set: async (...args: unknown[]) => void moved.set(args[0] as string, args) });
    onReady!();
    await vi.waitFor(() => expect(moved.size).toBeGreaterThan(0));

    // With Redis back at the stop, it goes there instead, with the time it had left.
    const store = new Map<string, unknown[]>();
    state.redis = { ...down, set: async () => Promise.reject(new Error('down')) };
    await pending();
    state.redis = { set: async (...args) => void store.set(args[0] as string, args), get: async () => null, del: async () => undefined };
    expect(await putAwayHeldFilings(dir)).toMatchObject({ file: 0, lost: 0 });
    const [, sealed, unit, ms] = [...store.values()].find((args) => (args[0] as string).includes(keyed(formHash)))!;
    expect(typeof sealed).toBe('string');
    expect(unit).toBe('PX');
    expect(ms).toBeGreaterThan(590_000);
    expect(files()).toEqual([]);
  });
});

describe('the held outcomes, put away at a stop and taken back at a start', () => {
  const held = (globalThis as typeof globalThis & { obHeldFilings: Map<string, { sealed: string; until: number }> }).obHeldFilings;
  const future = () => Date.now() + 60_000;
  let dir = '';
  beforeEach(() => {
    held.clear();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'held-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** A Redis that takes what it is given, and tells its listeners when it is ready. */
  function upRedis() {
    const store = new Map<string, unknown[]>();
    const listeners = new Map<string, () => void>();
    state.redis = {
      set: async (...args) => void store.set(args[0] as string, args),
      get: async () => null,
      del: async () => undefined,
      on: (event, listener) => void listeners.set(event, listener),
    };
    return { store, listeners };
  }
  const write = (name: string, content: unknown) => fs.writeFileSync(path.join(dir, name), typeof content === 'string' ? content : JSON.stringify(content));

  it('goes to Redis with the time it has left, once, and the expired one nowhere', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z'), toFake: ['Date'] });
    held.set('ob:filing:a', { sealed: 'sealed-a', until: Date.now() + 300_000 });
    held.set('ob:filing:b', { sealed: 'sealed-b', until: Date.now() });
    const { store } = upRedis();
    expect(await putAwayHeldFilings(dir)).toEqual({ redis: 1, file: 0, lost: 0 });
    expect([...store.values()]).toEqual([['ob:filing:a', 'sealed-a', 'PX', 300_000]]);
    // Moved, not copied: a second stop has nothing left to move.
    expect(await putAwayHeldFilings(dir)).toEqual({ redis: 0, file: 0, lost: 0 });
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('goes to a file only its owner can read while Redis is away, else is lost', async () => {
    held.set('ob:filing:a', { sealed: 'sealed-a', until: future() });
    state.redis = null;
    expect(await putAwayHeldFilings(undefined)).toEqual({ redis: 0, file: 0, lost: 1 });
    expect(await putAwayHeldFilings(dir)).toEqual({ redis: 0, file: 1, lost: 0 });
    const [name] = fs.readdirSync(dir);
    expect(name).toMatch(/^held-filings-[0-9a-f-]{36}\.json$/);
    expect(fs.statSync(path.join(dir, name!)).mode & 0o777).toBe(0o600);
  });

  it('is taken back from every held-filings file, and from nothing else in the folder', async () => {
    const entry = { sealed: 'sealed', until: future() };
    write('held-filings.json', { 'ob:filing:one': entry });
    write('held-filings-0b2c.json', { 'ob:filing:two': entry });
    // Another instance's claimed file, a copy and a stranger's file stay as they are.
    write('held-filings-0b2c.json.taking-1', { 'ob:filing:three': entry });
    write('old-held-filings.json', { 'ob:filing:four': entry });
    write('notes.txt', 'kept');
    state.redis = null;
    expect(await takeBackHeldFilings(dir)).toBe(2);
    expect([...held.keys()].sort()).toEqual(['ob:filing:one', 'ob:filing:two']);
    expect(fs.readdirSync(dir).sort()).toEqual(['held-filings-0b2c.json.taking-1', 'notes.txt', 'old-held-filings.json']);
  });

  it('takes back only outcomes still in time, under the filing keys, with a sealed text; an unreadable file is dropped', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z'), toFake: ['Date'] });
    write('held-filings-a.json', {
      'ob:filing:ok': { sealed: 'sealed', until: Date.now() + 1 },
      'ob:filing:now': { sealed: 'sealed', until: Date.now() },
      'ob:session:x': { sealed: 'sealed', until: Date.now() + 60_000 },
      'ob:filing:number': { sealed: 7, until: Date.now() + 60_000 },
      'ob:filing:none': null,
    });
    write('held-filings-b.json', 'not json');
    state.redis = null;
    expect(await takeBackHeldFilings(dir)).toBe(1);
    expect([...held.keys()]).toEqual(['ob:filing:ok']);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('is taken by one of two processes starting together, never both', async () => {
    write('held-filings-a.json', { 'ob:filing:one': { sealed: 'sealed', until: future() } });
    write('held-filings-b.json', { 'ob:filing:two': { sealed: 'sealed', until: future() } });
    state.redis = null;
    const taken = await Promise.all([takeBackHeldFilings(dir), takeBackHeldFilings(dir)]);
    expect(taken[0]! + taken[1]!).toBe(2);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('finds nothing in a folder that is not there', async () => {
    expect(await takeBackHeldFilings(path.join(dir, 'missing'))).toBe(0);
  });

  it('moves to Redis as soon as it is ready, and waits for that only when something was taken back', async () => {
    const { store, listeners } = upRedis();
    expect(await takeBackHeldFilings(dir)).toBe(0);
    expect(listeners.size).toBe(0);
    write('held-filings-a.json', { 'ob:filing:one': { sealed: 'sealed', until: future() } });
    state.redis!.set = async () => Promise.reject(new Error('down'));
    expect(await takeBackHeldFilings(dir)).toBe(1);
    expect([...listeners.keys()]).toEqual(['ready']);
    state.redis!.set = async (...args) => void store.set(args[0] as string, args);
    listeners.get('ready')!();
    await vi.waitFor(() => expect([...store.keys()]).toEqual(['ob:filing:one']));
  });
});

describe('a filing’s count', () => {
  const value = async (counter: { get: () => Promise<{ values: { labels: Record<string, unknown>; value: number }[] }> }) =>
    (await counter.get()).values.find(({ labels }) => labels.flow === 'new' && labels.audience === 'visitor')?.value;

  it('is one filed once the upstream filed it, in time or not, and one unanswered too when its answer was lost', async () => {
    const counted = freshMetricsForTests();
    state.answers.push(async () => filed);
    await file();
    await vi.waitFor(async () => expect(await value(counted.filed)).toBe(1));
    state.answers.push(unreachable, async () => usedHash);
    await expect(file()).rejects.toBeInstanceOf(FiledUnanswered);
    await vi.waitFor(async () => expect(await value(counted.filedUnanswered)).toBe(1));
    expect(await value(counted.filed)).toBe(2);
  });

  it('is nothing for a refusal or a failure', async () => {
    const counted = freshMetricsForTests();
    state.answers.push(async () => usedHash);
    await file();
    state.answers.push(() => Promise.reject(new UpstreamError('timeout', 'slow')));
    await expect(file()).rejects.toMatchObject({ kind: 'timeout' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect([await value(counted.filed), await value(counted.filedUnanswered)]).toEqual([0, 0]);
  });
});
