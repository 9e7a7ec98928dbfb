import type { MetadataRoute } from 'next';
import { getConfig } from '@/lib/server/config';

// Built per request: the site's origin (SITE_URL) is read at run time, not at build time.
export const dynamic = 'force-dynamic';

export default function robots(): MetadataRoute.Robots {
  const origin = getConfig().siteUrl;
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: ['/api/'] }],
    sitemap: `${origin}/sitemap.xml`,
  };
}
