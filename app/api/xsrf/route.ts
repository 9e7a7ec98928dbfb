import { cookies } from 'next/headers';
import { XSRF_COOKIE } from '@/lib/api/csrf';
import { newXsrfToken, xsrfCookieOptions } from '@/lib/xsrf-cookie';

export const dynamic = 'force-dynamic';

/**
 * The XSRF cookie for a browser that has none: a public page from the edge's cache sets no cookie,
 * so the client fetcher asks here before its first state change (lib/api/client.ts).
 */
export async function GET() {
  const jar = await cookies();
  if (!jar.has(XSRF_COOKIE)) jar.set(XSRF_COOKIE, newXsrfToken(), xsrfCookieOptions());
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
}
