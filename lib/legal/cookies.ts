import { XSRF_COOKIE } from '../api/csrf';
import { LOCALE_COOKIE, routing } from '../i18n/routing';
import { DEVICE_COOKIE, DEVICE_COOKIE_SECONDS, SESSION_COOKIE, SESSION_TTL_SECONDS } from '../session/cookie';

/**
 * Every cookie the site sets, in one table: the cookie notice (/cerezler) lists these rows, and
 * e2e/cookies.spec.ts fails when any answer (of an instance or of the edge) or the page's own
 * script sets a cookie that is not here. All are first-party and strictly necessary for a service
 * the visitor asked for, which the KVKK cookie guideline (Çerez Uygulamaları Hakkında Rehber, 2022)
 * exempts from consent; they must still be declared. A cookie that needs consent (analytics,
 * advertising) cannot be added by a row here alone: it needs a consent step first.
 *
 * Relative imports only: the Playwright suite reads this module as it is.
 */
export interface DeclaredCookie {
  /** Its key in messages/*.json `cookies.items` (purpose, when it is set). */
  key: 'session' | 'xsrf' | 'device' | 'locale';
  /** Its name over plain HTTP (the demo, the tests). */
  name: string;
  /** Its name over HTTPS, where the `__Host-` prefix binds it to this host (lib/session/session.ts). */
  secureName: string;
  /** Who writes it: the server in a Set-Cookie header, or the page's script (next-intl's language switch). */
  setBy: 'server' | 'script';
  /** Seconds it lives, or null: until the browser is closed. */
  maxAgeSeconds: number | null;
  /** Whether the page's scripts can read it. */
  httpOnly: boolean;
  sameSite: 'Strict' | 'Lax';
  /** Every row is strictly necessary; a row of any other kind needs a consent step before it is set. */
  basis: 'strictlyNecessary';
}

/** iron-session gives the cookie a minute less than the seal, so a cookie never outlives what it holds. */
const SESSION_COOKIE_SECONDS = SESSION_TTL_SECONDS - 60;

export const DECLARED_COOKIES: readonly DeclaredCookie[] = [
  {
    key: 'session',
    name: SESSION_COOKIE,
    secureName: `__Host-${SESSION_COOKIE}`,
    setBy: 'server',
    maxAgeSeconds: SESSION_COOKIE_SECONDS,
    httpOnly: true,
    sameSite: 'Lax',
    basis: 'strictlyNecessary',
  },
  {
    key: 'xsrf',
    name: XSRF_COOKIE,
    secureName: XSRF_COOKIE,
    setBy: 'server',
    maxAgeSeconds: null,
    httpOnly: false,
    sameSite: 'Strict',
    basis: 'strictlyNecessary',
  },
  {
    key: 'device',
    name: DEVICE_COOKIE,
    secureName: `__Host-${DEVICE_COOKIE}`,
    setBy: 'server',
    maxAgeSeconds: DEVICE_COOKIE_SECONDS,
    httpOnly: true,
    sameSite: 'Lax',
    basis: 'strictlyNecessary',
  },
  {
    key: 'locale',
    name: LOCALE_COOKIE,
    secureName: LOCALE_COOKIE,
    setBy: 'script',
    maxAgeSeconds: localeCookieSeconds(),
    httpOnly: false,
    sameSite: 'Lax',
    basis: 'strictlyNecessary',
  },
];

function localeCookieSeconds(): number {
  const cookie = routing.localeCookie;
  if (typeof cookie !== 'object' || typeof cookie.maxAge !== 'number') throw new Error('the language cookie must have a lifetime to declare');
  return cookie.maxAge;
}

/**
 * What the page's scripts keep in the browser's storage, which the guideline treats like cookies:
 * the open wizard's answers for this tab (sessionStorage, gone when the tab closes) and the random
 * ids of the forms filed from this browser in the last day (localStorage), so another tab does not
 * file one twice. Both are strictly necessary for the application the visitor is making.
 */
export interface DeclaredStorage {
  key: 'wizard' | 'filed';
  /** Its keys in that storage. */
  names: readonly string[];
  store: 'sessionStorage' | 'localStorage';
  /** Seconds an entry is kept, or null: until the tab is closed. */
  maxAgeSeconds: number | null;
  basis: 'strictlyNecessary';
}

export const DECLARED_STORAGE: readonly DeclaredStorage[] = [
  { key: 'wizard', names: ['basvuru:new', 'basvuru:transfer'], store: 'sessionStorage', maxAgeSeconds: null, basis: 'strictlyNecessary' },
  { key: 'filed', names: ['basvuru:filed'], store: 'localStorage', maxAgeSeconds: 24 * 3600, basis: 'strictlyNecessary' },
];

/** The declared cookie a name belongs to (its plain or its `__Host-` name), or undefined. */
export function declaredCookie(name: string): DeclaredCookie | undefined {
  return DECLARED_COOKIES.find((cookie) => cookie.name === name || cookie.secureName === name);
}

/** A lifetime as the notice states it: a number and a unit, largest whole unit first. */
export function cookieLifetime(seconds: number | null): { unit: 'browserSession' } | { unit: 'years' | 'days' | 'hours' | 'minutes'; count: number } {
  if (seconds === null) return { unit: 'browserSession' };
  const units = [
    ['years', 365 * 24 * 3600],
    ['days', 24 * 3600],
    ['hours', 3600],
  ] as const;
  // Rounded to the nearest unit where it is within a few minutes of it (12 hours less iron-session's minute).
  for (const [unit, size] of units) if (seconds >= size && Math.abs(seconds / size - Math.round(seconds / size)) * size <= 300) return { unit, count: Math.round(seconds / size) };
  return { unit: 'minutes', count: Math.round(seconds / 60) };
}
