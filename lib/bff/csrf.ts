import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { XSRF_COOKIE, XSRF_HEADER } from '@/lib/api/csrf';

/** A cookie's value; a malformed escape is taken as it stands (never an error). */
export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    const raw = rest.join('=');
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * A state-changing request must come from our own pages: the browser says so (Sec-Fetch-Site or
 * Origin), and it echoes the XSRF cookie, which another site can neither read nor set.
 */
export function isTrustedStateChange(request: Request): boolean {
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite && fetchSite !== 'same-origin') return false;
  const origin = request.headers.get('origin');
  if (origin) {
    const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
    if (!URL.canParse(origin) || new URL(origin).host !== host) return false;
  }
  const cookie = readCookie(request, XSRF_COOKIE);
  const header = request.headers.get(XSRF_HEADER);
  return Boolean(cookie && header && sameText(cookie, header));
}
