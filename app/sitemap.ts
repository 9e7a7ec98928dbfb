import type { MetadataRoute } from 'next';
import { getConfig } from '@/lib/server/config';
import { getPathname } from '@/lib/i18n/navigation';
import { type AppPathname, languageTags, routing } from '@/lib/i18n/routing';

// Built per request: the site's origin (SITE_URL) is read at run time, not at build time.
export const dynamic = 'force-dynamic';

const pages: AppPathname[] = ['/', '/nasil-yapilir', '/yasal', '/erisilebilirlik', '/cerezler'];

export default function sitemap(): MetadataRoute.Sitemap {
  const origin = getConfig().siteUrl;
  const url = (pathname: AppPathname, locale: (typeof routing.locales)[number]) =>
    origin + getPathname({ href: pathname, locale });
  return pages.flatMap((pathname) =>
    routing.locales.map((locale) => ({
      url: url(pathname, locale),
      changeFrequency: 'weekly' as const,
      priority: pathname === '/' ? 1 : 0.7,
      alternates: {
        languages: Object.fromEntries(routing.locales.map((other) => [languageTags[other], url(pathname, other)])),
      },
    })),
  );
}
