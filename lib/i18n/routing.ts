import { defineRouting } from 'next-intl/routing';

/** Where the language switch is remembered. */
export const LOCALE_COOKIE = 'NEXT_LOCALE';

/**
 * Turkish lives at unprefixed paths, English under /en with its own slugs. Accept-Language is
 * ignored (see proxy.ts), so a first visit to / is Turkish; the locale cookie remembers a switch.
 */
export const routing = defineRouting({
  locales: ['tr', 'en'],
  defaultLocale: 'tr',
  localePrefix: 'as-needed',
  localeCookie: { name: LOCALE_COOKIE, maxAge: 60 * 60 * 24 * 365, sameSite: 'lax' },
  // hreflang comes from each page's metadata, under SITE_URL (lib/i18n/metadata.ts); next-intl's
  // Link header would name whatever host was asked, and a shared cache would pass it on to everyone.
  alternateLinks: false,
  pathnames: {
    '/': '/',
    '/nasil-yapilir': { tr: '/nasil-yapilir', en: '/how-to' },
    '/yasal': { tr: '/yasal', en: '/legal' },
    '/erisilebilirlik': { tr: '/erisilebilirlik', en: '/accessibility' },
    '/cerezler': { tr: '/cerezler', en: '/cookies' },
  },
});

export type Locale = (typeof routing.locales)[number];
export type AppPathname = keyof typeof routing.pathnames;

/** BCP 47 tags for <html lang>, Intl and hreflang. */
export const languageTags: Record<Locale, string> = { tr: 'tr-TR', en: 'en-US' };
