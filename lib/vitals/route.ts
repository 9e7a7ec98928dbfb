import { routing } from '@/lib/i18n/routing';

/** The route templates field vitals are reported under: Next.js's own, as the request metrics name them. */
export const VITALS_ROUTES = ['/[locale]', '/[locale]/nasil-yapilir', '/[locale]/yasal', '/[locale]/erisilebilirlik', '/[locale]/cerezler', 'other'] as const;
export type VitalsRoute = (typeof VITALS_ROUTES)[number];

const templateOf = (internal: string) => (internal === '/' ? '/[locale]' : `/[locale]${internal}`) as VitalsRoute;

/** Every localized path of every page (/, /en, /nasil-yapilir, /en/how-to, …) and its template. */
const templates = new Map<string, VitalsRoute>(
  Object.entries(routing.pathnames).flatMap(([internal, localized]) =>
    routing.locales.map((locale) => {
      const path = typeof localized === 'string' ? localized : localized[locale];
      const prefixed = locale === routing.defaultLocale ? path : `/${locale}${path === '/' ? '' : path}`;
      return [prefixed, templateOf(internal)] as const;
    }),
  ),
);

/** The route template of a page's path; `other` for anything else (a 404). */
export const vitalsRoute = (pathname: string): VitalsRoute => templates.get(pathname.replace(/(.)\/$/, '$1')) ?? 'other';
