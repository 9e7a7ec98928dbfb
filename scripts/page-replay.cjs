// Anonymous public pages answered in the worker, before Next.js (scripts/cluster.cjs).
//
// proxy.ts serves a visitor without a session the public page from its page cache (lib/page-cache.ts)
// and marks that answer with REPLAY_HEADER: "<until epoch ms>;<XSRF cookie name>". Going through
// Next.js's proxy costs most of the time of such an answer (npm run bench: a proxy answering a fixed
// body reaches 0.4× a static file's throughput at 2.4× its median latency), so the worker records the
// marked answer as it was sent (headers and the compressed body) and replays it to the next requests
// that would get the same answer, until the page's own expiry. Only the XSRF cookie is per visitor:
// a replay sets a fresh one where the recorded answer set one.
//
// A request is replayed only when everything the proxy's answer depends on is in its key: GET or HEAD,
// no query, a document asked for (Accept: text/html), none of the headers that ask for another answer
// (Next.js's client navigation, the server's own render request), and
// no cookie but the XSRF and locale ones (a session cookie never replays). The key holds the method,
// path, the host headers (the hreflang Link names the origin asked, so a forged X-Forwarded-Host
// cannot reach other visitors), Accept-Encoding (the body is compressed for it), the locale cookie
// and whether an XSRF cookie came.
//
// Link prefetches are replayed too: every page here is rendered per request, so Next.js prefetches a
// link in view as its route tree and metadata, a request that costs about what a render costs and
// that each visit makes for every link it shows, with the same answer for every anonymous visitor.
// proxy.ts marks every fetch of a visitor without a session (it cannot tell a prefetch from a
// client navigation: Next.js keeps the RSC headers from it); a prefetch's key adds its query, whose
// `_rsc` is Next.js's hash of its headers, and those headers themselves. Client navigations are
// never replayed.
//
// A page is replayed until the time the proxy gave it. From the proxy's refresh time on (the last
// part of the page's life, when its page cache renders the successor in the background), one request
// at a time goes through to Next.js and is recorded in its place, so a page that is visited moves on
// to its successor without any visitor waiting for a render.
//
// The worker compresses the pages it records itself (Next.js is asked for them uncompressed): in
// brotli for a browser that accepts it, at a quality fast enough for the answer in hand, then once
// more at the best quality off the event loop for the replays. Next.js compresses with gzip only,
// and brotli makes a page about a fifth smaller (README: bytes on the wire), which keeps it with its
// headers inside the 14.6 KB a new connection's first round trip carries.
'use strict';
const { createHash, randomUUID } = require('node:crypto');
const zlib = require('node:zlib');
const { acceptedEncodings } = require('./static-assets.cjs');

const REPLAY_HEADER = 'x-ob-replay';
const LOCALE_COOKIE = 'NEXT_LOCALE';
/** The headers a link prefetch's answer depends on besides its URL (Next.js's Vary, and next-url). */
const PREFETCH_HEADERS = ['rsc', 'next-router-prefetch', 'next-router-state-tree', 'next-router-segment-prefetch', 'next-url'];
/** Headers no replayed request carries: a server action, a range, the server's own request for an anonymous render (proxy.ts checks its token). */
const NEVER_REPLAYED_HEADERS = ['next-action', 'range', 'x-page-render'];
/** Headers that make a page's answer another one: those, and Next.js's client navigation and prefetch. */
const OTHER_ANSWER_HEADERS = [...PREFETCH_HEADERS, ...NEVER_REPLAYED_HEADERS];
/** What the hreflang Link's origin is made of (next-intl reads X-Forwarded-Host before Host). */
const HOST_HEADERS = ['host', 'x-forwarded-host', 'x-forwarded-proto', 'forwarded'];
/** Answers at most this large are kept (a page is about 15 KiB compressed, 75 KiB plain). */
const MAX_BODY_BYTES = 512 * 1024;
/** Brotli for the answer in hand: home's 76 KB of HTML in 1.6 ms to 13.6 KB (quality 11: 59 ms, 12.6 KB). */
const FAST_BROTLI_QUALITY = 6;
/**
 * A request that fetched a page's successor and got the same page back (its render is still to come)
 * lets the next one try this much later, not at once: until then the page is replayed.
 */
const REFETCH_PAUSE_MS = 500;

/** Takes the marker off an answer, wherever its headers are: the marker never leaves this server. */
function dropMarker(response, writeHeadArgs) {
  response.removeHeader(REPLAY_HEADER);
  for (const arg of writeHeadArgs) {
    if (typeof arg !== 'object' || arg === null || Array.isArray(arg)) continue;
    for (const name of Object.keys(arg)) if (name.toLowerCase() === REPLAY_HEADER) delete arg[name];
  }
}

/** An answer the worker does not record: it goes out as Next.js writes it, without the marker. */
function unmarked(response) {
  const { writeHead } = response;
  response.writeHead = function unmarkedWriteHead(...args) {
    dropMarker(response, args);
    return writeHead.apply(this, args);
  };
}

function cookiesOf(header) {
  const cookies = new Map();
  for (const part of (header || '').split(';')) {
    const at = part.indexOf('=');
    const name = (at < 0 ? part : part.slice(0, at)).trim();
    if (name) cookies.set(name, at < 0 ? '' : part.slice(at + 1).trim());
  }
  return cookies;
}

/**
 * @param {{ xsrfCookie: string, maxEntries?: number, now?: () => number }} options
 * `xsrfCookie` is the only cookie besides the locale one a replayable request may carry.
 */
function createPageReplay({ xsrfCookie, maxEntries = 200, now = Date.now }) {
  /**
   * key → { until, refreshFrom, digest (of the uncompressed page), best (body at brotli's best
   * quality), status, headers: [name, value][], xsrf: cookie attributes or null, body: Buffer }.
   * An expired entry stays until it is replaced or dropped: a new recording of the same page reuses
   * its compressed body.
   */
  const entries = new Map();
  /** Keys whose successor a request is fetching from Next.js right now. */
  const refreshing = new Set();
  /** "key digest" of the pages being compressed at brotli's best quality. */
  const compressing = new Set();

  /** The request's key, or undefined when its answer may differ from one to the next. */
  function keyOf(request) {
    const { method, url, headers } = request;
    if ((method !== 'GET' && method !== 'HEAD') || !url || !url.startsWith('/')) return undefined;
    // A link prefetch: its URL carries Next.js's hash of its headers (`_rsc`), and its query.
    const prefetch = headers.rsc === '1' && headers['next-router-prefetch'] === '1';
    if (prefetch) {
      if (!url.includes('_rsc=') || NEVER_REPLAYED_HEADERS.some((name) => headers[name] !== undefined)) return undefined;
    } else if (url.includes('?') || !(headers.accept || '').includes('text/html') || OTHER_ANSWER_HEADERS.some((name) => headers[name] !== undefined)) {
      return undefined;
    }
    const cookies = cookiesOf(headers.cookie);
    for (const name of cookies.keys()) if (name !== xsrfCookie && name !== LOCALE_COOKIE) return undefined;
    return JSON.stringify([
      method,
      url,
      ...HOST_HEADERS.map((name) => headers[name] ?? null),
      headers['accept-encoding'] ?? null,
      cookies.get(LOCALE_COOKIE) ?? null,
      cookies.has(xsrfCookie),
      ...(prefetch ? PREFETCH_HEADERS.map((name) => headers[name] ?? null) : []),
    ]);
  }

  function replay(entry, request, response) {
    response.statusCode = entry.status;
    for (const [name, value] of entry.headers) response.setHeader(name, value);
    // A new list each time: the response keeps the array it is given, and the entry's must not grow.
    const cookies = [...entry.cookies];
    if (entry.xsrf !== null) cookies.push(`${xsrfCookie}=${randomUUID().replaceAll('-', '')}${entry.xsrf}`);
    if (cookies.length) response.setHeader('set-cookie', cookies);
    if (request.method === 'HEAD') return response.end();
    response.setHeader('content-length', entry.body.length);
    response.end(entry.body);
  }

  /**
   * Has Next.js answer the request uncompressed, compresses the answer for the visitor, and keeps it
   * when the proxy marked it replayable. A marked answer is a whole cached page: it is compressed
   * once complete, and when it is the very page `previous` holds (the same key's last recording,
   * due for refresh or expired), that recording's compressed body is sent again.
   */
  function record(key, request, response, previous) {
    const { writeHead, write, end } = response;
    const accepted = acceptedEncodings(request.headers['accept-encoding']);
    const encoding = accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
    request.headers['accept-encoding'] = 'identity';
    let until = 0;
    let refreshFrom = 0;
    let plain = [];
    let size = 0;
    let headed = false;
    /** How the worker compresses this answer: null (it does not), 'whole' (a marked page) or 'stream'. */
    let mode = null;
    /** The compressor of a streamed answer. */
    let zip = null;
    const keep = (chunk, chunkEncoding) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return undefined;
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof chunkEncoding === 'string' ? chunkEncoding : 'utf8');
      size += buffer.length;
      if (size > MAX_BODY_BYTES) until = 0;
      if (until || mode === 'whole') plain.push(buffer);
      return buffer;
    };
    const head = () => {
      if (headed) return;
      headed = true;
      const mark = response.getHeader(REPLAY_HEADER);
      if (mark !== undefined) {
        response.removeHeader(REPLAY_HEADER);
        const [expiry, cookie, refresh] = String(mark).split(';');
        if (cookie === xsrfCookie) until = Number(expiry) || 0;
        refreshFrom = Number(refresh) || until;
      }
      const type = String(response.getHeader('content-type') || '');
      if (!encoding || request.method !== 'GET' || !type.startsWith('text/html') || response.getHeader('content-encoding') !== undefined) return;
      if (response.statusCode === 204 || response.statusCode === 304) return;
      response.setHeader('content-encoding', encoding);
      response.removeHeader('content-length');
      // A strong validator names the uncompressed bytes.
      const etag = response.getHeader('etag');
      if (typeof etag === 'string' && !etag.startsWith('W/')) response.setHeader('etag', `W/${etag}`);
      const vary = response.getHeader('vary');
      if (!/\baccept-encoding\b/i.test(String(vary || ''))) response.setHeader('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
      mode = until ? 'whole' : 'stream';
      if (mode === 'whole') return;
      zip = encoding === 'br' ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: FAST_BROTLI_QUALITY } }) : zlib.createGzip();
      zip.on('data', (data) => write.call(response, data));
      zip.on('error', (error) => response.destroy(error));
      response.once('close', () => zip.destroy());
    };
    response.writeHead = function watchedWriteHead(...args) {
      if (args.some((arg) => typeof arg === 'object' && arg !== null)) {
        // Headers handed to writeHead itself are not seen by getHeaders(): such an answer is neither
        // compressed here nor kept.
        headed = true;
        dropMarker(response, args);
      } else {
        head();
      }
      return writeHead.apply(this, args);
    };
    response.write = function watchedWrite(chunk, chunkEncoding, ...rest) {
      if (!response.headersSent) head();
      const buffer = keep(chunk, chunkEncoding);
      if (!mode) return write.call(this, chunk, chunkEncoding, ...rest);
      if (zip && buffer) {
        zip.write(buffer);
        // A streamed render reaches the visitor as it comes.
        zip.flush();
      }
      const callback = [chunkEncoding, ...rest].find((arg) => typeof arg === 'function');
      if (callback) process.nextTick(callback);
      return true;
    };
    let ended = false;
    response.end = function watchedEnd(chunk, chunkEncoding, ...rest) {
      // The answer may still be compressing after end(): a second end() changes nothing.
      if (ended) {
        const callback = [chunk, chunkEncoding, ...rest].find((arg) => typeof arg === 'function');
        if (callback) process.nextTick(callback);
        return response;
      }
      ended = true;
      if (!response.headersSent) head();
      const buffer = keep(chunk, chunkEncoding);
      const keepable = until > now() && (response.statusCode === 200 || response.statusCode === 404);
      if (!mode) {
        if (keepable) store(key, response, Buffer.concat(plain), { until, refreshFrom });
        return end.call(this, chunk, chunkEncoding, ...rest);
      }
      const callback = [chunk, chunkEncoding, ...rest].find((arg) => typeof arg === 'function');
      if (zip) {
        zip.on('end', () => end.call(response, callback));
        zip.end(buffer ?? undefined);
        return response;
      }
      const page = Buffer.concat(plain);
      const digest = createHash('sha256').update(page).digest('base64');
      const same = previous && previous.digest === digest ? previous : null;
      // The same page back before its expiry: its successor is still to come.
      const due = same && same.until === until ? Math.min(until, Math.max(refreshFrom, now() + REFETCH_PAUSE_MS)) : refreshFrom;
      const send = (body) => {
        if (!response.headersSent) response.setHeader('content-length', body.length);
        if (keepable) store(key, response, body, { until, refreshFrom: due, digest, best: same?.best ?? false, page });
        end.call(response, body, callback);
      };
      if (same) send(same.body);
      else compress(page, encoding, FAST_BROTLI_QUALITY, (error, body) => (error ? response.destroy(error) : send(body)));
      return response;
    };
  }

  function compress(page, encoding, quality, callback) {
    if (encoding === 'br') {
      zlib.brotliCompress(page, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.length } }, callback);
    } else {
      zlib.gzip(page, callback);
    }
  }

  /**
   * `page`, when given, is the uncompressed page of the answer: a brotli one is compressed once more
   * at the best quality, unless it already was (`best`).
   */
  function store(key, response, body, { until, refreshFrom, digest = null, best = false, page = null }) {
    let xsrf = null;
    const headers = [];
    /** Cookies replayed as they are: the locale one. */
    const kept = [];
    for (const [name, value] of Object.entries(response.getHeaders())) {
      if (name === 'content-length' || name === 'transfer-encoding' || name === 'date' || name === 'connection' || name === 'keep-alive') continue;
      if (name !== 'set-cookie') {
        headers.push([name, value]);
        continue;
      }
      const cookies = (Array.isArray(value) ? value : [value]).map(String);
      for (const cookie of cookies) {
        if (cookie.startsWith(`${xsrfCookie}=`)) xsrf = cookie.slice(cookie.indexOf(';') < 0 ? cookie.length : cookie.indexOf(';'));
      }
      // The locale cookie next-intl sets follows from the path and the locale cookie sent, both in
      // the key: it is replayed as it is. Any other cookie is this visitor's own: such an answer is
      // never replayed.
      if (cookies.some((cookie) => !cookie.startsWith(`${xsrfCookie}=`) && !cookie.startsWith(`${LOCALE_COOKIE}=`))) return;
      kept.push(...cookies.filter((cookie) => cookie.startsWith(`${LOCALE_COOKIE}=`)));
    }
    const entry = { until, refreshFrom, digest, best, status: response.statusCode, headers, xsrf, cookies: kept, body };
    put(key, entry);
    if (page && !best && response.getHeader('content-encoding') === 'br') compressBest(key, entry, page);
  }

  /** Keeps an entry as the newest, dropping the oldest past the bound. */
  function put(key, entry) {
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value);
  }

  /** Replaces a kept brotli page by its best-compressed form once that is ready, unless the page changed meanwhile. */
  function compressBest(key, entry, page) {
    const job = `${key} ${entry.digest}`;
    if (compressing.has(job)) return;
    compressing.add(job);
    compress(page, 'br', 11, (failure, body) => {
      compressing.delete(job);
      // Whichever recording of this very page is kept by then gets the body.
      const current = entries.get(key);
      if (failure || !current || current.digest !== entry.digest || current.best) return;
      entries.set(key, { ...current, best: true, body });
    });
  }

  return {
    /** Answers the request from a recorded page (true), or watches Next.js answer it (false). */
    handle(request, response) {
      const key = keyOf(request);
      if (key === undefined) {
        // The proxy marks the pages it serves from its cache and every anonymous fetch, also for a
        // request the worker keeps out of the replay (another cookie, a range, a client navigation).
        unmarked(response);
        return false;
      }
      const entry = entries.get(key);
      const time = now();
      if (entry && entry.until > time) {
        if (time < entry.refreshFrom || refreshing.has(key)) {
          replay(entry, request, response);
          return true;
        }
        // The page's successor is due: this request fetches it while the others are still replayed.
        refreshing.add(key);
        response.once('close', () => refreshing.delete(key));
      }
      record(key, request, response, entry);
      return false;
    },
  };
}

module.exports = { createPageReplay, REPLAY_HEADER };
