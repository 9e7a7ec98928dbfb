import { timingSafeEqual } from 'node:crypto';
import { revalidateTag } from 'next/cache';
import { getConfig } from '@/lib/server/config';
import { SETTINGS_TAG } from '@/lib/upstream/settings';
import { advanceSettingsRevision } from '@/lib/upstream/settings-revision';

export const dynamic = 'force-dynamic';

/**
 * The provider's call after changing the upstream's settings (the campaign):
 * `curl -X POST -H "Authorization: Bearer $REVALIDATE_SECRET" https://<site>/api/revalidate`
 * (REVALIDATE_SECRET may hold the new and the old secret while the caller changes).
 * The settings and every public page made from them expire in Next.js's cache on every instance
 * before the call is answered (a new settings revision in the shared Redis; 503 while it cannot be
 * reached, for the caller to try again); the edge keeps a page at most EDGE_CACHE_SECONDS more.
 * 404 where no secret is set.
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
  try {
    await advanceSettingsRevision();
  } catch {
    return Response.json({ status: false }, { status: 503, headers: { 'Retry-After': '5' } });
  }
  // The entries of the old revision go too, rather than wait for their lifetime.
  revalidateTag(SETTINGS_TAG, { expire: 0 });
  return Response.json({ status: true, data: { revalidated: [SETTINGS_TAG] } });
}
