import { createHash } from 'node:crypto';

/**
 * Anonymous public pages as cached HTML (proxy.ts). The pages an anonymous visitor sees are the
 * same for everyone, so each is rendered once per TTL and served from memory; its strict CSP
 * allows its own inline scripts by their hashes instead of a per-request nonce, which would need a
 * new render for every request.
 */

/**
 * Marks an answer from this cache (or an anonymous fetch, which may be a link prefetch: proxy.ts) as
 * the same for every request with its key until the page expires
 * ("<until epoch ms>;<XSRF cookie name>;<refresh from, epoch ms>"): the production server's workers
 * replay it without Next.js (scripts/page-replay.cjs), from its refresh time on let one request at
 * a time through to fetch its successor, and take the header off.
 */
export const REPLAY_HEADER = 'x-ob-replay';

export interface CachedPage {
  status: number;
  body: string;
  /** The answer's headers that belong to the page (its content type), without per-request ones. */
  headers: [string, string][];
  /** 'sha256-…' sources of every inline script the HTML holds. */
  scriptHashes: string[];
}

/**
 * Headers of the rendered page that belong to the page itself. The rest are per request, and so is
 * next-intl's Link (hreflang), which names the host asked: proxy.ts takes it from the visitor's request.
 */
const keptHeaders = new Set(['content-type', 'content-language']);

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

export function toCachedPage(status: number, headers: Headers, body: string): CachedPage {
  return {
    status,
    body,
    headers: [...headers].filter(([name]) => keptHeaders.has(name.toLowerCase())),
    scriptHashes: inlineScriptHashes(body),
  };
}

/**
 * A page, the time (epoch ms) it expires (0 when it was not kept: a lifetime of 0), and the time from
 * which a request has its successor rendered in the background.
 */
export interface CacheEntry {
  page: CachedPage;
  until: number;
  refreshFrom: number;
}

/** A page's successor is rendered in the last quarter of its life, at most this long before it expires. */
const MAX_REFRESH_AHEAD_MS = 15_000;
/**
 * The successor's render waits this long after the view that asked for it (at most half the time
 * the page has left): a render holds the worker's event loop for a few hundred milliseconds, and
 * that view's browser is still fetching the page's scripts from the same worker.
 */
const REFRESH_DELAY_MS = 2_000;

/**
 * Pages by key for `ttlMs`, at most `maxEntries` of them (the oldest go first), with one render
 * in flight per key however many visitors ask at once. A page asked for in the last part of its
 * life is answered as it is and its successor rendered shortly after, so a page that is visited is
 * never waited for, and none is shown older than `ttlMs`: after that, the next visitor waits for a render.
 */
export class PageCache {
  private readonly entries = new Map<string, CacheEntry>();
  private readonly rendering = new Map<string, Promise<CacheEntry | undefined>>();
  private readonly scheduled = new Set<string>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
    private readonly refreshDelayMs = REFRESH_DELAY_MS,
  ) {}

  /** The cached page, or the one `render` makes (undefined when it fails: the caller renders as usual). */
  async get(key: string, render: () => Promise<CachedPage | undefined>): Promise<CacheEntry | undefined> {
    const entry = this.entries.get(key);
    const now = this.now();
    if (entry && entry.until > now) {
      if (now >= entry.refreshFrom) this.renderSoon(key, render, Math.min(this.refreshDelayMs, (entry.until - now) / 2));
      return entry;
    }
    return this.renderOnce(key, render);
  }

  /** Renders the page's successor after `delayMs`, unless one is on its way or already made by then. */
  private renderSoon(key: string, render: () => Promise<CachedPage | undefined>, delayMs: number) {
    if (this.scheduled.has(key) || this.rendering.has(key)) return;
    this.scheduled.add(key);
    setTimeout(() => {
      this.scheduled.delete(key);
      const entry = this.entries.get(key);
      if (!entry || this.now() >= entry.refreshFrom) void this.renderOnce(key, render);
    }, delayMs).unref?.();
  }

  private renderOnce(key: string, render: () => Promise<CachedPage | undefined>): Promise<CacheEntry | undefined> {
    let pending = this.rendering.get(key);
    if (!pending) {
      pending = render()
        .catch(() => undefined)
        .then((page) => {
          this.rendering.delete(key);
          if (!page) return undefined;
          const until = this.ttlMs > 0 ? this.now() + this.ttlMs : 0;
          const made = { page, until, refreshFrom: until - Math.min(this.ttlMs / 4, MAX_REFRESH_AHEAD_MS) };
          if (made.until) this.store(key, made);
          return made;
        });
      this.rendering.set(key, pending);
    }
    return pending;
  }

  private store(key: string, entry: CacheEntry) {
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}
