import createMiddleware from 'next-intl/middleware';
import { type NextRequest, NextResponse } from 'next/server';
import { XSRF_COOKIE } from '@/lib/api/csrf';
import { getConfig } from '@/lib/server/config';
import { LOCALE_COOKIE, routing } from '@/lib/i18n/routing';
import { ownRenderKind, publicPagePath } from '@/lib/pages/public-page';
import { contentSecurityPolicy } from '@/lib/pages/security-headers';
import { SESSION_COOKIE } from '@/lib/session/cookie';
import { customerPageRoute, publicPageRoute } from '@/lib/pages/shared-view';
import { newXsrfToken, xsrfCookieOptions } from '@/lib/session/xsrf-cookie';

const handleLocale = createMiddleware(routing);
const isDev = process.env.NODE_ENV === 'development';

/**
 * Pages, in three steps: the locale (next-intl), then either the public page everyone gets (an
 * anonymous document view, answered from Next.js's cache by app/api/page with its scripts allowed
 * by hash, and cacheable by the edge), a customer's view of it (app/api/customer-page: the
 * customers' template filled in, lib/pages/customer-page.ts), or a render for this request alone under a
 * nonce policy (`withNonce`), with the XSRF cookie (`withXsrfCookie`) and no remembered language it
 * did not ask for. A view of a public page with no cookie, no router header and no open flow never
 * gets here: next.config.ts rewrites it to app/api/page itself (lib/pages/shared-view.ts).
 */
export default async function proxy(request: NextRequest) {
  // A first visit is Turkish whatever the browser prefers; only an explicit switch (the cookie) counts.
  request.headers.delete('accept-language');
  const ownRender = ownRenderKind(request.headers);
  // This server rendering a kept page (app/api/page, the customers' template): no nonce, one HTML for all.
  if (ownRender === 'anonymous' || ownRender === 'customer') return handleLocale(request);

  const csp = withNonce(request);
  const localized = handleLocale(request);
  // A render for the visitor whose cookies came with it: app/api/customer-page asked for it.
  const view = ownRender === 'visitor' ? undefined : publicView(request, localized);
  if (view) {
    if (hasSession(request)) return withXsrfCookie(request, NextResponse.rewrite(new URL(customerPageRoute(view), request.url)));
    // No cookie and no per-request header on it: the edge may keep it for everyone.
    return NextResponse.rewrite(new URL(publicPageRoute(view), request.url));
  }
  localized.headers.set('Content-Security-Policy', csp);
  return withoutLocaleCookie(withXsrfCookie(request, localized));
}

/** A fresh nonce in the request's policy, where Next.js reads it for its own scripts; the policy, for the answer. */
function withNonce(request: NextRequest): string {
  const nonce = Buffer.from(crypto.randomUUID()).toString('base64');
  const csp = contentSecurityPolicy({ nonce }, isDev);
  request.headers.set('content-security-policy', csp);
  request.headers.set('x-nonce', nonce);
  return csp;
}

/** The double-submit token the client fetcher echoes in X-XSRF-TOKEN (readable by design: it guards, it grants nothing). */
function withXsrfCookie(request: NextRequest, response: NextResponse): NextResponse {
  if (!request.cookies.has(XSRF_COOKIE)) response.cookies.set(XSRF_COOKIE, newXsrfToken(), xsrfCookieOptions());
  return response;
}

/**
 * Only a click on the language switch is remembered (its link sets the cookie in the browser):
 * next-intl would also set it on a view of any page in the other language, a 404 included, which
 * a public page from the edge's cache never does. One rule for every page.
 */
function withoutLocaleCookie(response: NextResponse): NextResponse {
  const cookies = response.headers.getSetCookie();
  const remembered = (cookie: string) => cookie.startsWith(`${LOCALE_COOKIE}=`);
  if (!cookies.some(remembered)) return response;
  response.headers.delete('set-cookie');
  for (const cookie of cookies) if (!remembered(cookie)) response.headers.append('set-cookie', cookie);
  return response;
}

/**
 * The public page this request is a view of, when its answer is the one everyone gets (or, with a
 * session, every customer): a document GET or HEAD of a known page, with no query and that
 * next-intl does not redirect (say, to the remembered English). Anything else renders for itself.
 */
function publicView(request: NextRequest, localized: Response): string | undefined {
  if (isDev || getConfig().settingsCacheMs === 0) return undefined;
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  if (localized.status >= 300 && localized.status < 400) return undefined;
  // A router fetch (prefetch, navigation) asks for the page's RSC payload, never for this HTML:
  // next.config.ts keeps those headers and the query visible here (skipProxyUrlNormalize).
  if (request.headers.has('rsc') || request.nextUrl.search) return undefined;
  return publicPagePath(request.nextUrl.pathname);
}

/** The session cookie, under its plain name or its `__Host-` one (HTTPS). */
const hasSession = (request: NextRequest) =>
  request.cookies.getAll().some(({ name }) => name === SESSION_COOKIE || name === `__Host-${SESSION_COOKIE}`);

export const config = {
  // Pages only: not the backend-for-frontend (`/api/…`), Next.js's files (`/_next/…`) or paths with
  // a dot (files; next.config.ts gives those the strict policy). `/apix` and `/_nextx` are pages.
  // The public pages (lib/pages/shared-view.ts's publicPaths, the one list written out below) only with one
  // of its perRequestMarks, each its own entry (a matcher's `has` asks for all of its conditions):
  // without one, next.config.ts's rewrites answer them. Literals, as Next.js reads them from the
  // source; lib/pages/shared-view.test.ts holds them to lib/pages/shared-view.ts.
  matcher: [
    '/((?!api/|_next/|_vercel/|.*\\..*|(?:|nasil-yapilir|yasal|erisilebilirlik|cerezler|en|en/how-to|en/legal|en/accessibility|en/cookies)$).*)',
    { source: '/((?!api/|_next/|_vercel/|.*\\..*).*)', has: [{ type: 'header', key: 'cookie' }] },
    { source: '/((?!api/|_next/|_vercel/|.*\\..*).*)', has: [{ type: 'header', key: 'rsc' }] },
    { source: '/((?!api/|_next/|_vercel/|.*\\..*).*)', has: [{ type: 'query', key: '_rsc' }] },
    { source: '/((?!api/|_next/|_vercel/|.*\\..*).*)', has: [{ type: 'header', key: 'x-page-render' }] },
    { source: '/((?!api/|_next/|_vercel/|.*\\..*).*)', has: [{ type: 'query', key: 'basvuru' }] },
    { source: '/((?!api/|_next/|_vercel/|.*\\..*).*)', has: [{ type: 'query', key: 'adim' }] },
  ],
};
