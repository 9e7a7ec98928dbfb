import { createHmac } from 'node:crypto';
import { sealData } from 'iron-session';
import { afterEach, describe, expect, it, vi } from 'vitest';

const config = vi.hoisted(() => ({ sessionKeys: { sealing: { 1: 'd'.repeat(40) }, current: 'd'.repeat(40), opening: { 1: 'd'.repeat(40) }, hashing: 'd'.repeat(40) }, cookieSecure: false }));
vi.mock('@/lib/server/config', () => ({ getConfig: () => config }));

const { deviceCookieAfterLogin, deviceCookieName, keyed, knowsNationalityNumber, readDevice } = await import('@/lib/bff/device');

const YEAR = 365 * 24 * 3600;
const tc = (n: number) => String(10_000_000_000 + n);
const withCookie = (cookie: string) => new Request('http://site.test/', { headers: { cookie } });
/** The browser's next request after it was given `setCookie`. */
const after = (setCookie: string) => withCookie(setCookie.split(';')[0]!);

afterEach(() => {
  config.cookieSecure = false;
  vi.useRealTimers();
});

describe('keyed', () => {
  it('is an HMAC of the session secret, 27 base64url characters (160 bits)', () => {
    const expected = createHmac('sha256', config.sessionKeys.current).update(tc(1)).digest('base64url').slice(0, 27);
    expect(keyed(tc(1))).toBe(expected);
    expect(keyed(tc(1))).toMatch(/^[\w-]{27}$/);
    expect(keyed(tc(2))).not.toBe(keyed(tc(1)));
  });
});

describe('the device cookie', () => {
  it('is named for a host-only secure cookie where cookies are secure', async () => {
    expect(deviceCookieName()).toBe('ob_device');
    const plain = await deviceCookieAfterLogin(null, tc(1));
    expect(plain).toMatch(new RegExp(`^ob_device=Fe26\\.2\\*[^;]+; Path=/; Max-Age=${YEAR}; HttpOnly; SameSite=Lax$`));
    config.cookieSecure = true;
    expect(deviceCookieName()).toBe('__Host-ob_device');
    const secure = await deviceCookieAfterLogin(null, tc(1));
    expect(secure).toMatch(new RegExp(`^__Host-ob_device=Fe26\\.2\\*[^;]+; Path=/; Max-Age=${YEAR}; HttpOnly; SameSite=Lax; Secure$`));
    expect(await readDevice(after(secure))).toMatchObject({ known: [keyed(tc(1))] });
    // The plain name is not read where cookies are secure.
    expect(await readDevice(after(plain))).toBeNull();
  });

  it('names the TC numbers this browser logged in with, newest last, at most 5, each once', async () => {
    const first = await readDevice(after(await deviceCookieAfterLogin(null, tc(1))));
    expect(first).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), known: [keyed(tc(1))] });
    expect(knowsNationalityNumber(first, tc(1))).toBe(true);
    expect(knowsNationalityNumber(first, tc(2))).toBe(false);
    expect(knowsNationalityNumber(null, tc(1))).toBe(false);

    let device = first;
    device = await readDevice(after(await deviceCookieAfterLogin(device, tc(2))));
    device = await readDevice(after(await deviceCookieAfterLogin(device, tc(1))));
    expect(device!.known).toEqual([keyed(tc(2)), keyed(tc(1))]);
    for (const n of [3, 4, 5, 6, 2]) device = await readDevice(after(await deviceCookieAfterLogin(device, tc(n))));
    expect(device).toEqual({ id: first!.id, known: [3, 4, 5, 6, 2].map((n) => keyed(tc(n))) });
    expect(knowsNationalityNumber(device, tc(1))).toBe(false);
  });

  it('is kept for a year', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-05T08:00:00Z'), toFake: ['Date'] });
    const cookie = await deviceCookieAfterLogin(null, tc(1));
    vi.setSystemTime(Date.now() + (YEAR - 3600) * 1000);
    expect(await readDevice(after(cookie))).not.toBeNull();
    vi.setSystemTime(Date.now() + 2 * 3600 * 1000);
    expect(await readDevice(after(cookie))).toBeNull();
  });

  it('reads a note in its shape only: an id, the strings of its list, its last 5', async () => {
    const seal = (note: unknown) => sealData(note as never, { password: config.sessionKeys.current, ttl: YEAR });
    const read = async (note: unknown) => readDevice(withCookie(`ob_device=${await seal(note)}`));
    expect(await read({ id: 'd1', known: ['a', 'b', 7, 'c', null, 'd', 'e', 'f'] })).toEqual({ id: 'd1', known: ['b', 'c', 'd', 'e', 'f'] });
    expect(await read({ id: 7, known: [] })).toBeNull();
    expect(await read({ known: [] })).toBeNull();
    expect(await read({ id: 'd1', known: 'a' })).toBeNull();
    expect(await read({ id: 'd1' })).toBeNull();
  });

  it('refuses a note sealed with another secret, a forged one, an oversized one and none', async () => {
    const foreign = await sealData({ id: 'd1', known: [] }, { password: 'e'.repeat(40), ttl: YEAR });
    expect(await readDevice(withCookie(`ob_device=${foreign}`))).toBeNull();
    expect(await readDevice(withCookie('ob_device=Fe26.2**forged'))).toBeNull();
    const large = await sealData({ id: 'x'.repeat(2900), known: [] }, { password: config.sessionKeys.current, ttl: YEAR });
    expect(large.length).toBeGreaterThan(4096);
    expect(await readDevice(withCookie(`ob_device=${large}`))).toBeNull();
    const fits = await sealData({ id: 'x'.repeat(2800), known: [] }, { password: config.sessionKeys.current, ttl: YEAR });
    expect(fits.length).toBeLessThanOrEqual(4096);
    expect(await readDevice(withCookie(`ob_device=${fits}`))).toEqual({ id: 'x'.repeat(2800), known: [] });
    expect(await readDevice(withCookie('other=1'))).toBeNull();
  });
});
