import { createHash } from 'node:crypto';

/**
 * Anonymous public pages as cached HTML (proxy.ts). The pages an anonymous visitor sees are the
 * same for everyone, so each is rendered once per TTL and served from memory; its strict CSP
 * allows its own inline scripts by their hashes instead of a per-request nonce, which would need a
 * new render for every request.
 */

/**
 * Marks an answer from this cache as the same for every request with its key until the page expires
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

/** An external script the page loads in parallel (`async`, which is how Next.js loads its chunks). */
const asyncScript = /<script\b((?:[^>"']|"[^"]*"|'[^']*')*)><\/script\s*>/gi;
/** A preload of a script the page loads anyway. */
const scriptPreload = /<link\b(?=[^>]*\brel="preload")(?=[^>]*\bas="script")[^>]*>/gi;
const attribute = /([^\s=/]+)(?:="([^"]*)")?/g;
const characterReference = /&(?:#(\d+)|#x([0-9a-f]+)|(amp|lt|gt|quot|apos));/gi;
const namedCharacters: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** An attribute's value as the browser reads it (React writes &amp; &lt; &gt; &quot; &#x27;). */
const attributeValue = (raw: string) =>
  raw.replace(characterReference, (_, decimal?: string, hex?: string, name?: string) =>
    name ? namedCharacters[name.toLowerCase()]! : String.fromCodePoint(Number.parseInt(decimal ?? hex!, decimal ? 10 : 16)),
  );

/** Scripts start by then even if the browser never tells that it painted. */
const SCRIPTS_AT_THE_LATEST_MS = 3000;

/**
 * The page with its external scripts fetched after its first paint instead of alongside its HTML.
 * A browser runs an `async` script as soon as it arrives, so on a fast connection the framework's
 * start (tens of milliseconds of a phone's main thread) can come before the first paint; started by
 * one inline script at the end of the body, after the first frame with the whole page in it, the
 * scripts can only run after the visitor sees the page. In exchange the page is interactive later:
 * the scripts' download no longer overlaps the HTML's (README, "Public pages": about 0.35 s on a slow
 * 4G link). A hidden page (a background tab, a prerender) paints nothing, so it loads them at once.
 */
export function scriptsAfterFirstPaint(html: string): string {
  const scripts: Record<string, string>[] = [];
  const rest = html
    .replace(scriptPreload, '')
    .replace(asyncScript, (tag, attributes: string) => {
      const parsed = Object.fromEntries([...attributes.matchAll(attribute)].map(([, name, value = '']) => [name!.toLowerCase(), attributeValue(value)]));
      if (!parsed.src || !('async' in parsed)) return tag;
      scripts.push(parsed);
      return '';
    });
  const end = rest.lastIndexOf('</body>');
  if (!scripts.length || end < 0) return html;
  // JSON in a script element: "</" would end it early, so every "<" is escaped.
  const list = JSON.stringify(scripts).replaceAll('<', '\\u003c');
  const loader =
    `(function(s){var d;function l(){if(d)return;d=1;s.forEach(function(a){var e=document.createElement("script");` +
    `for(var n in a)e.setAttribute(n,a[n]);document.head.appendChild(e)})}` +
    `if(document.visibilityState!=="visible")return l();setTimeout(l,${SCRIPTS_AT_THE_LATEST_MS});` +
    `requestAnimationFrame(function(){setTimeout(function(){var t=self.PerformanceObserver,o;` +
    `if(!t||(t.supportedEntryTypes||[]).indexOf("paint")<0)return l();` +
    `o=new t(function(){o.disconnect();l()});o.observe({type:"paint",buffered:true})})})})(${list})`;
  return `${rest.slice(0, end)}<script>${loader}</script>${rest.slice(end)}`;
}

export function toCachedPage(status: number, headers: Headers, body: string): CachedPage {
  // Only a page: a 404's first HTML holds nothing to paint (Next.js renders it on hydration), so its
  // scripts would wait for the loader's last resort.
  const html = status === 200 && headers.get('content-type')?.startsWith('text/html') ? scriptsAfterFirstPaint(body) : body;
  return {
    status,
    body: html,
    headers: [...headers].filter(([name]) => keptHeaders.has(name.toLowerCase())),
    scriptHashes: inlineScriptHashes(html),
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
