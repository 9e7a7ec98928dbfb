import 'server-only';
import { createHmac, randomUUID } from 'node:crypto';
import { sealData, unsealData } from 'iron-session';
import { readCookie } from '@/lib/bff/csrf';
import { getConfig } from '@/lib/server/config';
import { DEVICE_COOKIE, DEVICE_COOKIE_SECONDS } from '@/lib/session/cookie';

/**
 * A browser that completed a login keeps, for a year, a sealed note of which TC numbers it logged
 * in with. Its login codes for those numbers are counted in a bucket of its own, so a flood of
 * code requests for the same number from elsewhere never locks the owner out of their own browser.
 * It grants nothing else: the SMS code is still needed.
 */
export interface Device {
  id: string;
  /** Keyed hashes of the TC numbers this browser logged in with (newest last, at most 5). */
  known: string[];
}

const MAX_KNOWN = 5;
const YEAR_SECONDS = DEVICE_COOKIE_SECONDS;

export function deviceCookieName(): string {
  return getConfig().cookieSecure ? `__Host-${DEVICE_COOKIE}` : DEVICE_COOKIE;
}

/** A keyed hash, so neither the cookie nor the rate-limit store holds a TC number or an address. */
export function keyed(value: string): string {
  return createHmac('sha256', getConfig().sessionKeys.hashing).update(value).digest('base64url').slice(0, 27);
}

export async function readDevice(request: Request): Promise<Device | null> {
  const sealed = readCookie(request, deviceCookieName());
  // Stryker disable next-line EqualityOperator: equivalent, sealed notes grow in AES-block steps (4,084 then 4,105 characters): none is 4,096.
  if (!sealed || sealed.length > 4096) return null;
  try {
    const device = await unsealData<Partial<Device>>(sealed, { password: getConfig().sessionKeys.opening, ttl: YEAR_SECONDS });
    if (typeof device.id !== 'string' || !Array.isArray(device.known)) return null;
    return { id: device.id, known: device.known.filter((item): item is string => typeof item === 'string').slice(-MAX_KNOWN) };
  } catch {
    return null;
  }
}

export function knowsNationalityNumber(device: Device | null, nationalityNumber: string): boolean {
  return Boolean(device?.known.includes(keyed(nationalityNumber)));
}

/** The Set-Cookie value after a login with `nationalityNumber` from this browser. */
export async function deviceCookieAfterLogin(device: Device | null, nationalityNumber: string): Promise<string> {
  const entry = keyed(nationalityNumber);
  // Stryker disable next-line MethodExpression: equivalent, readDevice keeps the last MAX_KNOWN as well.
  const known = [...(device?.known ?? []).filter((item) => item !== entry), entry].slice(-MAX_KNOWN);
  const sealed = await sealData({ id: device?.id ?? randomUUID(), known } satisfies Device, { password: getConfig().sessionKeys.sealing, ttl: YEAR_SECONDS });
  const secure = getConfig().cookieSecure ? '; Secure' : '';
  return `${deviceCookieName()}=${sealed}; Path=/; Max-Age=${YEAR_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
}
