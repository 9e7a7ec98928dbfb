import { createHash } from 'node:crypto';
import createMiddleware from 'next-intl/middleware';
import { type NextRequest, NextResponse } from 'next/server';
import { XSRF_COOKIE } from '@/lib/api/csrf';
import { getConfig } from '@/lib/config';
import { routing } from '@/lib/i18n/routing';
import { type CacheEntry, PageCache, REPLAY_HEADER, toCachedPage } from '@/lib/page-cache';
import { contentSecurityPolicy } from '@/lib/security-headers';
import { SESSION_COOKIE } from '@/lib/session-cookie';

const handleLocale = createMiddleware(routing);
const isDev = process.env.NODE_ENV === 'development';

/** Marks this server's own request for a page's anonymous render; the value proves it is ours. */
const RENDER_HEADER = 'x-page-render';
let renderToken: string | undefined;
const ownRenderToken = () =>
  (renderToken ??= createHash('sha256').update(`page-render:${getConfig().sessionSecret}`).digest('hex'));

let pages: PageCache | undefined;
/** A page's anonymous HTML lives as long as the settings it shows (SETTINGS_CACHE_SECONDS). */
const pageCache = () => (pages ??= new PageCache(getConfig().settingsCacheMs, 200));

/**
 * Locale routing, the XSRF cookie and a strict Content-Security-Policy for every page. A visitor
 * without a session gets the public page from memory (allowed scripts named by their hashes); a
 * customer's page, an open application flow and client navigations render per request with a nonce.
 */
export default async function proxy(request: NextRequest) {
  // A first visit is Turkish whatever the browser prefers; only an explicit switch (the cookie) counts.
  request.headers.delete('accept-language');
  const ownRender = request.headers.get(RENDER_HEADER);
  if (ownRender !== null) {
    // This server asking for an anonymous render: no nonce, so its HTML is the same for everyone.
    return ownRender === ownRenderToken() ? handleLocale(request) : new NextResponse(null, { status: 403 });
  }

  // Next.js reads the nonce from the request's policy and puts it on its own scripts.
  const nonce = Buffer.from(crypto.randomUUID()).toString('base64');
  const csp = contentSecurityPolicy({ nonce }, isDev);
  request.headers.set('content-security-policy', csp);
  request.headers.set('x-nonce', nonce);
  const localized = handleLocale(request);

  const anonymous = isAnonymousRead(request, localized);
  // A document, not a client-side navigation's or prefetch's RSC payload: Next.js takes its RSC
  // headers and query off the request before the proxy sees it, but those fetches never ask for HTML.
  const asksForPage = request.headers.get('accept')?.includes('text/html') ?? false;
  // A whole-page view with no query to tailor it gets the public page from memory.
  const page = anonymous && asksForPage && !request.nextUrl.search ? await cachedPage(request) : undefined;
  const response = page ? pageResponse(page, request, localized) : localized;
  if (!page) response.headers.set('Content-Security-Policy', csp);
  if (anonymous && !asksForPage && getConfig().settingsCacheMs > 0) {
    // A link prefetch is the same for every anonymous visitor, like the page it prefetches, and
    // costs a render: the workers replay it (scripts/page-replay.cjs) for as long as a page is kept.
    // Next.js keeps its RSC headers from this proxy, so every anonymous fetch is marked here and the
    // worker, which sees them, records prefetches only and takes the marker off all others.
    const until = Date.now() + getConfig().settingsCacheMs;
    response.headers.set(REPLAY_HEADER, `${until};${XSRF_COOKIE};${until}`);
  }
  // The double-submit token the client fetcher echoes in X-XSRF-TOKEN (readable by design: it guards, it grants nothing).
  if (!request.cookies.has(XSRF_COOKIE)) {
    response.cookies.set(XSRF_COOKIE, crypto.randomUUID().replaceAll('-', ''), {
      path: '/',
      sameSite: 'strict',
      secure: process.env.NODE_ENV === 'production' && process.env.SESSION_COOKIE_SECURE !== 'false',
    });
  }
  return response;
}

/**
 * A read by a visitor without a session, which this server may answer the same for everyone: a GET
 * or HEAD in production that next-intl does not redirect (say, to the remembered English).
 */
function isAnonymousRead(request: NextRequest, localized: Response): boolean {
  return (
    !isDev &&
    (request.method === 'GET' || request.method === 'HEAD') &&
    !hasSession(request) &&
    !(localized.status >= 300 && localized.status < 400)
  );
}

/** The session cookie, under its plain name or its `__Host-` one (HTTPS). */
const hasSession = (request: NextRequest) =>
  request.cookies.getAll().some(({ name }) => name === SESSION_COOKIE || name === `__Host-${SESSION_COOKIE}`);

/** The page as an anonymous visitor sees it, rendered by this server once per cache lifetime. */
function cachedPage(request: NextRequest): Promise<CacheEntry | undefined> {
  const pathname = request.nextUrl.pathname;
  return pageCache().get(pathname, async () => {
    const host = process.env.HOSTNAME && !['0.0.0.0', '::'].includes(process.env.HOSTNAME) ? process.env.HOSTNAME : '127.0.0.1';
    const answer = await fetch(`http://${host}:${process.env.PORT ?? 3000}${pathname}`, {
      headers: { [RENDER_HEADER]: ownRenderToken(), accept: 'text/html' },
      redirect: 'manual',
      signal: AbortSignal.timeout(getConfig().apiTimeoutMs),
    });
    // A page that could not be made (an upstream outage, a crash) is never kept: the visitor's own
    // request renders it as usual.
    if ((answer.status !== 200 && answer.status !== 404) || !answer.headers.get('content-type')?.startsWith('text/html')) {
      await answer.body?.cancel();
      return undefined;
    }
    return toCachedPage(answer.status, answer.headers, await answer.text());
  });
}

function pageResponse({ page, until, refreshFrom }: CacheEntry, request: NextRequest, localized: Response): NextResponse {
  const headers = new Headers(page.headers);
  headers.set('Content-Security-Policy', contentSecurityPolicy({ hashes: page.scriptHashes }, isDev));
  // The cache is ours, per instance; browsers and shared caches ask again each time.
  headers.set('Cache-Control', 'private, no-cache');
  const response = new NextResponse(request.method === 'HEAD' ? null : page.body, { status: page.status, headers });
  // What next-intl answers for this very request: the hreflang Link (with the host asked) and the locale cookie.
  const link = localized.headers.get('link');
  if (link) response.headers.set('link', link);
  for (const cookie of localized.headers.getSetCookie()) response.headers.append('set-cookie', cookie);
  // The production server's workers answer the same request again from this very answer (scripts/page-replay.cjs).
  if (until) response.headers.set(REPLAY_HEADER, `${until};${XSRF_COOKIE};${refreshFrom}`);
  return response;
}

export const config = {
  // Pages only: not the backend-for-frontend, Next.js internals or files with an extension.
  // Prefetches too: they need the locale rewrite to find the page.
  matcher: ['/((?!api|_next|_vercel|.*\\..*).*)'],
};
