import { routing } from '../i18n/routing';

/**
 * Which page views get the public page everyone shares (app/api/page, lib/pages/public-page.ts) without
 * running proxy.ts: a view of a public page that carries none of `perRequestMarks`. next.config.ts
 * rewrites those views with Next.js's own `missing` conditions, and proxy.ts's matcher runs the proxy
 * on every other page view; a matcher must be spelled out as literals, so lib/pages/shared-view.test.ts
 * holds the two to each other. Skipping the proxy saves about a quarter of the CPU such a view costs
 * the origin (docs/decisions/0003-public-pages-in-nextjs-cache.md).
 *
 * Relative imports only: next.config.ts reads this module, and it knows no `@/` alias.
 */

/** Where an anonymous view of a public page is answered, its public path appended (app/api/page/[[...path]]). */
export const PUBLIC_PAGE_ROUTE = '/api/page';

/** The route that answers the shared view of the public page at `path`. */
export const publicPageRoute = (path: string) => `${PUBLIC_PAGE_ROUTE}${path === '/' ? '' : path}`;

/** Where a customer's view of a public page is answered, its public path appended (app/api/customer-page/[[...path]]). */
export const CUSTOMER_PAGE_ROUTE = '/api/customer-page';

/** The route that answers a customer's view of the public page at `path`. */
export const customerPageRoute = (path: string) => `${CUSTOMER_PAGE_ROUTE}${path === '/' ? '' : path}`;

/** Marks this server's own request for a public page's render (lib/pages/public-page.ts proves it is ours). */
export const RENDER_HEADER = 'x-page-render';

/** With RENDER_HEADER: which render this server asks for (lib/pages/public-page.ts's RenderKind). */
export const RENDER_AS_HEADER = 'x-page-render-as';

/** Every page's public path in every language: `/`, `/nasil-yapilir`, `/en`, `/en/how-to`. */
export const publicPaths: readonly string[] = Object.entries(routing.pathnames).flatMap(([internal, localized]) =>
  routing.locales.map((locale) => {
    const path = typeof localized === 'string' ? localized : (localized[locale] ?? internal);
    if (locale === routing.defaultLocale) return path;
    return path === '/' ? `/${locale}` : `/${locale}${path}`;
  }),
);

/**
 * What makes a view of a public page more than the anonymous document view, so proxy.ts decides it:
 * - any cookie: a session, the remembered language, the XSRF token;
 * - a router fetch (the RSC header or query): it wants the page's RSC payload, never this HTML;
 * - this server's render marker (a forged one gets what anyone gets from the proxy);
 * - an open application flow (`?basvuru=`, `?adim=`: app/[locale]/page.tsx, the wizard), which renders for its visitor.
 * Any other query is the same public page (say, a campaign's `?utm_source=`).
 */
export const perRequestMarks = [
  { type: 'header', key: 'cookie' },
  { type: 'header', key: 'rsc' },
  { type: 'query', key: '_rsc' },
  { type: 'header', key: RENDER_HEADER },
  { type: 'query', key: 'basvuru' },
  { type: 'query', key: 'adim' },
] as const;

/** next.config.ts's rewrites of the anonymous views: each public path to app/api/page when no mark is on the request. */
export const sharedViewRewrites = () =>
  publicPaths.map((path) => ({
    source: path,
    destination: publicPageRoute(path),
    missing: perRequestMarks.map((mark) => ({ ...mark })),
  }));
