import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { getConfig } from '@/lib/server/config';
import { localeOf } from '@/lib/i18n/locale';
import { getPathname } from '@/lib/i18n/navigation';
import { type AppPathname, type Locale, languageTags, routing } from '@/lib/i18n/routing';

/** Each page's title and description in messages/*.json `metadata`: `<key>Title`, `<key>Description`. */
const metadataKeys = {
  '/': 'home',
  '/nasil-yapilir': 'howTo',
  '/yasal': 'legal',
  '/erisilebilirlik': 'accessibility',
  '/cerezler': 'cookies',
} as const satisfies Record<AppPathname, string>;

/** A page's `generateMetadata`: its title and description in the page's language, under the site's name. */
export function pageMetadataOf(pathname: AppPathname) {
  return async ({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> => {
    const locale = localeOf((await params).locale);
    const t = await getTranslations({ locale, namespace: 'metadata' });
    const key = metadataKeys[pathname];
    return pageMetadata({ locale, pathname, title: t(`${key}Title`), description: t(`${key}Description`), siteName: getConfig().siteName });
  };
}

/** Canonical URL, hreflang alternates and Open Graph of one page in one language. */
export function pageMetadata({
  locale,
  pathname,
  title,
  description,
  siteName,
}: {
  locale: Locale;
  pathname: AppPathname;
  title: string;
  description: string;
  siteName: string;
}): Metadata {
  const languages = Object.fromEntries(
    routing.locales.map((other) => [languageTags[other], getPathname({ href: pathname, locale: other })]),
  );
  const canonical = getPathname({ href: pathname, locale });
  return {
    // Absolute: a page in the same segment as the layout does not get the layout's title template.
    title: { absolute: `${title} | ${siteName}` },
    description,
    alternates: {
      canonical,
      languages: { ...languages, 'x-default': getPathname({ href: pathname, locale: routing.defaultLocale }) },
    },
    openGraph: {
      type: 'website',
      url: canonical,
      title: `${title} | ${siteName}`,
      description,
      siteName,
      locale: languageTags[locale].replace('-', '_'),
      images: [{ url: '/og-image.png', width: 1200, height: 630, alt: siteName }],
    },
    twitter: { card: 'summary_large_image' },
  };
}
