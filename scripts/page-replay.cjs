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
// Next.js compresses pages with gzip only. For a browser that accepts brotli, a recorded gzip page is
// compressed again with brotli (quality 11, off the event loop) and replayed so from then on: home's
// HTML is 17.5 KB in gzip and 14.0 KB in brotli, inside the 14.6 KB a new connection's first round
// trip carries.
'use strict';
const { randomUUID } = require('node:crypto');
const zlib = require('node:zlib');
const { acceptedEncodings } = require('./static-assets.cjs');

const REPLAY_HEADER = 'x-ob-replay';
const LOCALE_COOKIE = 'NEXT_LOCALE';
/**
 * Headers that make the answer another one: Next.js's client navigation, prefetch and server
 * action, a range, and the server's own request for an anonymous render (proxy.ts checks its token).
 */
const OTHER_ANSWER_HEADERS = ['rsc', 'next-router-prefetch', 'next-router-state-tree', 'next-router-segment-prefetch', 'next-action', 'range', 'x-page-render'];
/** What the hreflang Link's origin is made of (next-intl reads X-Forwarded-Host before Host). */
const HOST_HEADERS = ['host', 'x-forwarded-host', 'x-forwarded-proto', 'forwarded'];
/** Answers at most this large are kept (a page is about 15 KiB compressed, 75 KiB plain). */
const MAX_BODY_BYTES = 512 * 1024;

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
  /** key → { until, status, headers: [name, value][], xsrf: cookie attributes or null, body: Buffer } */
  const entries = new Map();

  /** The request's key, or undefined when its answer may differ from one to the next. */
  function keyOf(request) {
    const { method, url, headers } = request;
    if ((method !== 'GET' && method !== 'HEAD') || !url || url.includes('?') || !url.startsWith('/')) return undefined;
    if (!(headers.accept || '').includes('text/html')) return undefined;
    if (OTHER_ANSWER_HEADERS.some((name) => headers[name] !== undefined)) return undefined;
    const cookies = cookiesOf(headers.cookie);
    for (const name of cookies.keys()) if (name !== xsrfCookie && name !== LOCALE_COOKIE) return undefined;
    return JSON.stringify([
      method,
      url,
      ...HOST_HEADERS.map((name) => headers[name] ?? null),
      headers['accept-encoding'] ?? null,
      cookies.get(LOCALE_COOKIE) ?? null,
      cookies.has(xsrfCookie),
    ]);
  }

  function replay(entry, request, response) {
    response.statusCode = entry.status;
    for (const [name, value] of entry.headers) response.setHeader(name, value);
    if (entry.xsrf !== null) response.appendHeader('set-cookie', `${xsrfCookie}=${randomUUID().replaceAll('-', '')}${entry.xsrf}`);
    if (request.method === 'HEAD') return response.end();
    response.setHeader('content-length', entry.body.length);
    response.end(entry.body);
  }

  /** Watches Next.js's answer; keeps it when the proxy marked it replayable. */
  function record(key, request, response) {
    const { writeHead, write, end } = response;
    let until = 0;
    let chunks = [];
    let size = 0;
    const keep = (chunk, encoding) => {
      if (!until || chunk === undefined || chunk === null || typeof chunk === 'function') return;
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8');
      size += buffer.length;
      if (size > MAX_BODY_BYTES) until = 0;
      else chunks.push(buffer);
    };
    let marked = false;
    const readMark = () => {
      if (marked) return;
      marked = true;
      const mark = response.getHeader(REPLAY_HEADER);
      if (mark === undefined) return;
      response.removeHeader(REPLAY_HEADER);
      const [expiry, cookie] = String(mark).split(';');
      if (cookie === xsrfCookie) until = Number(expiry) || 0;
    };
    response.writeHead = function watchedWriteHead(...args) {
      readMark();
      // Headers handed to writeHead itself are not seen by getHeaders(): such an answer is not kept.
      if (args.some((arg) => typeof arg === 'object' && arg !== null)) until = 0;
      return writeHead.apply(this, args);
    };
    response.write = function watchedWrite(chunk, encoding, ...rest) {
      if (!response.headersSent) readMark();
      keep(chunk, encoding);
      return write.call(this, chunk, encoding, ...rest);
    };
    response.end = function watchedEnd(chunk, encoding, ...rest) {
      if (!response.headersSent) readMark();
      keep(chunk, encoding);
      if (until > now() && (response.statusCode === 200 || response.statusCode === 404)) store(key, request, response, Buffer.concat(chunks), until);
      chunks = [];
      return end.call(this, chunk, encoding, ...rest);
    };
  }

  function store(key, request, response, body, until) {
    let xsrf = null;
    const headers = [];
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
      // Any other cookie is this visitor's own: such an answer is never replayed.
      if (cookies.some((cookie) => !cookie.startsWith(`${xsrfCookie}=`))) return;
    }
    const entry = { until, status: response.statusCode, headers, xsrf, body };
    put(key, entry);
    if (request.method === 'GET' && response.getHeader('content-encoding') === 'gzip' && acceptedEncodings(request.headers['accept-encoding']).has('br')) {
      toBrotli(key, entry);
    }
  }

  /** Keeps an entry as the newest, dropping the oldest past the bound. */
  function put(key, entry) {
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value);
  }

  /** Replaces a kept gzip page by its brotli form once that is ready, unless the page changed meanwhile. */
  function toBrotli(key, entry) {
    zlib.gunzip(entry.body, (error, plain) => {
      if (error) return;
      const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.length };
      zlib.brotliCompress(plain, { params }, (failure, body) => {
        if (failure || entries.get(key) !== entry) return;
        const headers = entry.headers.map(([name, value]) => [name, name === 'content-encoding' ? 'br' : value]);
        entries.set(key, { ...entry, headers, body });
      });
    });
  }

  return {
    /** Answers the request from a recorded page (true), or watches Next.js answer it (false). */
    handle(request, response) {
      const key = keyOf(request);
      if (key === undefined) return false;
      const entry = entries.get(key);
      if (entry && entry.until > now()) {
        replay(entry, request, response);
        return true;
      }
      if (entry) entries.delete(key);
      record(key, request, response);
      return false;
    },
  };
}

module.exports = { createPageReplay, REPLAY_HEADER };
