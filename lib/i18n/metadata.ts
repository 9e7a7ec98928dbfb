import type { Metadata } from 'next';
import { getPathname } from '@/lib/i18n/navigation';
import { type AppPathname, type Locale, languageTags, routing } from '@/lib/i18n/routing';

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
