import { timingSafeEqual } from 'node:crypto';
import { revalidateTag } from 'next/cache';
import { getConfig } from '@/lib/server/config';
import { forgetRendersUnderWay } from '@/lib/pages/public-page-cache';
import { SETTINGS_TAG } from '@/lib/upstream/settings';

export const dynamic = 'force-dynamic';

/**
 * The provider's call after changing the upstream's settings (the campaign):
 * `curl -X POST -H "Authorization: Bearer $REVALIDATE_SECRET" https://<site>/api/revalidate`
 * (REVALIDATE_SECRET may hold the new and the old secret while the caller changes).
 * The settings and every public page made from them expire at once in Next.js's cache, on every
 * instance (one Redis); the edge keeps a page at most EDGE_CACHE_SECONDS more. 404 where no secret is set.
 */
export async function POST(request: Request) {
  const secrets = getConfig().revalidateSecrets;
  if (secrets.length === 0) return new Response(null, { status: 404 });
  const given = Buffer.from(request.headers.get('authorization')?.replace(/^Bearer\s+/i, '') ?? '');
  // Every secret compared (two while the caller changes), so the time taken says nothing of which.
  const matches = secrets.map((secret) => Buffer.from(secret)).map((expected) => given.length === expected.length && timingSafeEqual(given, expected));
  if (!matches.includes(true)) {
    return Response.json({ status: false }, { status: 401, headers: { 'WWW-Authenticate': 'Bearer' } });
  }
  revalidateTag(SETTINGS_TAG, { expire: 0 });
  forgetRendersUnderWay();
  return Response.json({ status: true, data: { revalidated: [SETTINGS_TAG] } });
}
