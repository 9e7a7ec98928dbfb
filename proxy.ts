import createMiddleware from 'next-intl/middleware';
import type { NextRequest } from 'next/server';
import { XSRF_COOKIE } from '@/lib/api/csrf';
import { routing } from '@/lib/i18n/routing';
import { contentSecurityPolicy } from '@/lib/security-headers';

const handleLocale = createMiddleware(routing);

/** Locale routing plus a nonce-based Content-Security-Policy for every page. */
export default function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.randomUUID()).toString('base64');
  const csp = contentSecurityPolicy(nonce, process.env.NODE_ENV === 'development');

  // A first visit is Turkish whatever the browser prefers; only an explicit switch (the cookie) counts.
  request.headers.delete('accept-language');
  // Next.js reads the nonce from the request's policy and puts it on its own scripts.
  request.headers.set('content-security-policy', csp);
  request.headers.set('x-nonce', nonce);

  const response = handleLocale(request);
  response.headers.set('Content-Security-Policy', csp);
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

export const config = {
  // Pages only: not the backend-for-frontend, Next.js internals or files with an extension.
  // Prefetches too: they need the locale rewrite to find the page.
  matcher: ['/((?!api|_next|_vercel|.*\\..*).*)'],
};
