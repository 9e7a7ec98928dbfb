import { cookies } from 'next/headers';
import { XSRF_COOKIE, XSRF_HEADER } from '@/lib/api/csrf';
import { newXsrfToken, xsrfCookieOptions } from '@/lib/session/xsrf-cookie';

export const dynamic = 'force-dynamic';

/**
 * The XSRF cookie for a browser that has none: a public page from the edge's cache sets no cookie,
 * so the client fetcher asks here before its first state change (lib/api/client.ts). The answer
 * names the token in the header the fetcher echoes, for WebKit, whose document.cookie shows the new
 * cookie only a moment later. Readable by the page's scripts either way: it guards, it grants nothing.
 */
export async function GET() {
  const jar = await cookies();
  const token = jar.get(XSRF_COOKIE)?.value ?? newXsrfToken();
  if (!jar.has(XSRF_COOKIE)) jar.set(XSRF_COOKIE, token, xsrfCookieOptions());
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store', [XSRF_HEADER]: token } });
}
