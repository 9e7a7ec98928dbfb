import { getConfig } from '@/lib/server/config';
import { EDGE_PAGE_SECONDS, publicPagePath } from '@/lib/pages/public-page';
import { pageResponse, publicPage } from '@/lib/pages/public-page-cache';

export const dynamic = 'force-dynamic';

/**
 * A public page as every anonymous visitor gets it (next.config.ts and proxy.ts rewrite their views
 * here: lib/pages/shared-view.ts): from Next.js's cache, its inline scripts allowed by hash, no cookie,
 * cacheable by the edge for EDGE_PAGE_SECONDS. A render that failed is sent to this visitor only.
 */
export async function GET(request: Request, { params }: RouteContext<'/api/page/[[...path]]'>) {
  const path = publicPagePath(`/${((await params).path ?? []).join('/')}`);
  if (!path) return new Response(null, { status: 404 });
  const rendered = await publicPage(path);
  if (!rendered) return new Response(null, { status: 503, headers: { 'Retry-After': '5', 'Cache-Control': 'no-store' } });
  const { page, kept } = rendered;
  const seconds = Math.min(EDGE_PAGE_SECONDS, getConfig().settingsCacheMs / 1000);
  // Browsers ask again each time; the edge keeps a kept page for its short lifetime.
  return pageResponse(request, page, kept ? `public, max-age=0, s-maxage=${seconds}` : 'no-store');
}

export const HEAD = GET;
