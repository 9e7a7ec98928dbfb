import 'server-only';
import { createHash } from 'node:crypto';
import { getConfig } from '@/lib/server/config';
import { publicPaths, RENDER_AS_HEADER, RENDER_HEADER } from '@/lib/pages/shared-view';

/**
 * The public pages an anonymous visitor sees, the same for everyone: rendered once by this server
 * (a request to itself, marked so it gets no nonce), kept in Next.js's cache (Redis when REDIS_URL
 * is set, so every instance shares one copy and one revalidation) and answered by app/api/page,
 * which an anonymous view is rewritten to (lib/pages/shared-view.ts says by whom). The strict CSP names
 * the page's inline scripts by their SHA-256: Next.js puts a nonce only on pages rendered per
 * request and has no hash-based policy for inline scripts (its experimental SRI covers files), and
 * a nonce sent to everyone who gets a cached page would be no nonce at all. So hashing the HTML it
 * keeps is the one piece of our own, here.
 */

/** How long the edge (and any shared cache) may keep a public page (`s-maxage`): a settings change reaches visitors within it after the revalidation call. */
export const EDGE_PAGE_SECONDS = 10;

const knownPaths = new Set(publicPaths);

/** The public page a path is, or undefined for anything else (a 404 is never kept: made-up paths cost no memory). */
export function publicPagePath(pathname: string): string | undefined {
  return knownPaths.has(pathname) ? pathname : undefined;
}

/** Inline scripts of a JavaScript type (JSON-LD and other data blocks are never run). */
const inlineScript = /<script\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/script\s*>/gi;
const typeAttribute = /\btype\s*=\s*["']?([^"'\s>]+)/i;
const scriptType = /^(?:(?:text|application)\/(?:java|ecma)script|module)$/i;

/** The CSP hash sources of the inline scripts of an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', content = ''] of html.matchAll(inlineScript)) {
    const type = typeAttribute.exec(attributes)?.[1];
    if (/\bsrc\s*=/i.test(attributes) || (type && !scriptType.test(type))) continue;
    hashes.add(`'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** The value of this server's render marker (RENDER_HEADER) that proves the request is ours. */
let renderToken: string | undefined;
export const ownRenderToken = () =>
  (renderToken ??= createHash('sha256').update(`page-render:${getConfig().sessionKeys.current}`).digest('hex'));

/**
 * What this server asked itself to render: the public page everyone gets, the customers' template
 * (lib/pages/customer-page.ts), or a page for the visitor whose cookies it passes on (a customer's view
 * the template could not answer). Undefined for any request that is not this server's: anyone
 * else sending the header gets what everyone gets.
 */
export function ownRenderKind(headers: Pick<Headers, 'get'>): RenderKind | undefined {
  const value = headers.get(RENDER_HEADER);
  if (value === null || value !== ownRenderToken()) return undefined;
  const kind = headers.get(RENDER_AS_HEADER);
  return kind === 'customer' || kind === 'visitor' ? kind : 'anonymous';
}

export type RenderKind = 'anonymous' | 'customer' | 'visitor';
