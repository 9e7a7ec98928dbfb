import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import { unstable_cache } from 'next/cache';
import { getConfig } from '@/lib/server/config';
import { metrics } from '@/lib/observability/metrics';
import { traceHeaders } from '@/lib/observability/request-id';
import { inlineScriptHashes, ownRenderToken, type RenderKind } from '@/lib/pages/public-page';
import { contentSecurityPolicy } from '@/lib/pages/security-headers';
import { SETTINGS_TAG } from '@/lib/upstream/settings';
import { settingsRevision } from '@/lib/upstream/settings-revision';
import { RENDER_AS_HEADER, RENDER_HEADER } from '@/lib/pages/shared-view';

/**
 * Public pages rendered once and kept in Next.js's cache (lib/pages/public-page.ts says why): the page
 * anonymous visitors get, and the customers' template of it (lib/pages/customer-page.ts).
 */
export type KeptKind = Exclude<RenderKind, 'visitor'>;

export interface PublicPage {
  status: number;
  html: string;
  /** 'sha256-…' sources of every inline script the HTML holds. */
  scriptHashes: string[];
}

/** A render that must not be kept (an upstream outage, a crash): served once, to the visitor who asked. */
class UnkeptPage extends Error {
  constructor(readonly page: PublicPage) {
    super(`public page answered ${page.status}`);
  }
}

async function renderPublicPage(path: string, kind: KeptKind): Promise<PublicPage> {
  const page = await renderPage(path, kind).catch((error: unknown) => {
    metrics()?.publicPageRenders.inc({ outcome: error instanceof UnkeptPage ? 'unkept' : 'failed' });
    throw error;
  });
  metrics()?.publicPageRenders.inc({ outcome: 'kept' });
  return page;
}

/** This server's own address for `path`: the standalone server listens on HOSTNAME; bound to every address, ask it on loopback. */
export function ownUrl(path: string): string {
  const { host, port } = getConfig().listen;
  return `http://${host && !['0.0.0.0', '::'].includes(host) ? host : '127.0.0.1'}:${port}${path}`;
}

async function renderPage(path: string, kind: KeptKind): Promise<PublicPage> {
  const answer = await fetch(ownUrl(path), {
    // The render joins the trace of the request that needs it (traceparent).
    headers: { [RENDER_HEADER]: ownRenderToken(), ...(kind === 'customer' ? { [RENDER_AS_HEADER]: kind } : {}), accept: 'text/html', ...traceHeaders() },
    redirect: 'manual',
    cache: 'no-store',
    signal: AbortSignal.timeout(getConfig().apiTimeoutMs),
  });
  const html = await answer.text();
  const page = { status: answer.status, html, scriptHashes: inlineScriptHashes(html) };
  if (answer.status !== 200 || !answer.headers.get('content-type')?.startsWith('text/html')) throw new UnkeptPage(page);
  return page;
}

/** Renders under way, by kind, path and settings revision (in one process, these alone decide the cache key below). */
const rendering = new Map<string, Promise<PublicPage>>();

/**
 * One render per page at a time in this process. Next.js's cache renders once for each visitor
 * who misses or finds the page stale while a render is under way: 50 visitors of a cold `/en`
 * cost 27 renders' CPU (4.1 s), and a stale one, 12. They share this render and its outcome; a
 * visitor after a revalidation looks under the new revision and never joins a render begun before it.
 */
function renderShared(path: string, kind: KeptKind, revision: number): Promise<PublicPage> {
  const key = `${kind} ${path} ${revision}`;
  let render = rendering.get(key);
  if (!render) {
    const started: Promise<PublicPage> = renderPublicPage(path, kind).finally(() => {
      if (rendering.get(key) === started) rendering.delete(key);
    });
    rendering.set(key, (render = started));
  }
  return render;
}

const cachedRenders = new Map<string, (revision: number) => Promise<PublicPage>>();
/** Whether the lookup under way made (or joined) a render: Next.js's cache does not say whether it hit. */
const lookup = new AsyncLocalStorage<{ rendered: boolean }>();
const markRendered = () => {
  const current = lookup.getStore();
  if (current) current.rendered = true;
};

/**
 * The public page at `path` (or the customers' template of it) from Next.js's cache, rendered when
 * it has none or it is older than SETTINGS_CACHE_SECONDS; keyed by the settings' revision and tagged
 * with them, so revalidating them renders it anew. A render that failed is answered once and never
 * kept; undefined when the server could not be asked at all.
 */
export async function publicPage(path: string, kind: KeptKind = 'anonymous'): Promise<{ page: PublicPage; kept: boolean } | undefined> {
  // `next dev` keeps nothing: a page must show the code just edited.
  const seconds = getConfig().isDevelopment ? 0 : getConfig().settingsCacheMs / 1000;
  const key = `${kind} ${path}`;
  let cached = cachedRenders.get(key);
  if (!cached) {
    // Keyed by the upstream too: each upstream has its own settings.
    const keyParts = ['public-page', path, getConfig().apiBaseUrl, ...(kind === 'customer' ? [kind] : [])];
    // The revision is the cached function's argument, which Next.js keys by.
    cached =
      seconds > 0
        ? unstable_cache((revision: number) => (markRendered(), renderShared(path, kind, revision)), keyParts, { revalidate: seconds, tags: [SETTINGS_TAG] })
        : () => renderPublicPage(path, kind);
    cachedRenders.set(key, cached);
  }
  const render = cached;
  const seen = { rendered: false };
  try {
    const revision = seconds > 0 ? await settingsRevision() : 0;
    const page = await lookup.run(seen, () => render(revision));
    if (seconds > 0) metrics()?.publicPages.inc({ result: seen.rendered ? 'miss' : 'hit' });
    return { page, kept: seconds > 0 };
  } catch (error) {
    return error instanceof UnkeptPage ? { page: error.page, kept: false } : undefined;
  }
}

/** A kept page's answer: its inline scripts allowed by hash (no nonce), HTML for a GET, none for a HEAD. */
export function pageResponse(request: Request, page: PublicPage, cacheControl: string): Response {
  return new Response(request.method === 'HEAD' ? null : page.html, {
    status: page.status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': contentSecurityPolicy({ hashes: page.scriptHashes }, getConfig().isDevelopment),
      'Cache-Control': cacheControl,
    },
  });
}
