// Next.js's build assets (/_next/static/…) compressed once at build time and answered in the worker,
// before Next.js (scripts/cluster.cjs).
//
// Next.js's standalone server gzips every asset again for every request, with no brotli: on this
// 2-core machine that is about 9 ms of a worker's time for React's chunk, paid while the visitor's
// browser lays out its first paint, and every browser that accepts brotli downloads 14 % more than
// it needs to (npm run bench: first-load JavaScript of `/` 172 KB in gzip, 148 KB in brotli).
// `npm run build` writes a `.br` (quality 11) and a `.gz` (level 9) beside each compressible asset
// (scripts/prepare-standalone.mjs calls `precompressAssets`); the worker answers a plain GET or HEAD
// with the smaller encoding the request accepts. Anything else — a query, a range, a conditional
// request, an asset with no compressed copy, a request accepting neither encoding — goes to Next.js
// as before.
//
// The answer carries the headers Next.js would send: the custom headers of next.config.ts, which
// `next build` writes into routes-manifest.json (the security headers and the assets' CSP), applied
// by the same regular expressions, and Next.js's own cache policy for build assets (immutable).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

const PREFIX = '/_next/static/';
/** Next.js's Cache-Control for /_next/static: the file names carry the content's hash. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const CONTENT_TYPES = {
  '.js': 'application/javascript; charset=UTF-8',
  '.css': 'text/css; charset=UTF-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=UTF-8',
  '.txt': 'text/plain; charset=UTF-8',
  '.map': 'application/json; charset=UTF-8',
};
/** Copies smaller than this are not worth an encoding (the response headers alone are ~700 bytes). */
const MIN_BYTES = 1024;
/** Compressed bodies kept in memory per worker; past this, they are read from disk each time. */
const MEMORY_BYTES = 32 * 1024 * 1024;
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
];

/** Writes `<file>.br` and `<file>.gz` beside every compressible file under `dir`. Answers the count. */
function precompressAssets(dir) {
  let count = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !Object.hasOwn(CONTENT_TYPES, path.extname(entry.name))) continue;
    const file = path.join(entry.parentPath, entry.name);
    const data = fs.readFileSync(file);
    if (data.length < MIN_BYTES) continue;
    const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length };
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params }));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
    count += 1;
  }
  return count;
}

/** The encodings an Accept-Encoding header allows (a `;q=0` refuses one). */
function acceptedEncodings(header) {
  const accepted = new Set();
  for (const part of String(header || '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name.trim());
  }
  return accepted;
}

/** next.config.ts's custom headers as `next build` wrote them, or null when they cannot be used here. */
function readHeaderRules(manifestFile) {
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  } catch {
    return null;
  }
  const rules = [];
  for (const rule of manifest.headers ?? []) {
    // A rule that depends on the request (has / missing) is Next.js's to apply.
    if (rule.has || rule.missing || typeof rule.regex !== 'string') return null;
    rules.push({ pattern: new RegExp(rule.regex), headers: rule.headers });
  }
  return rules;
}

/**
 * @param {{ distDir: string, routesManifest?: string, memoryBytes?: number }} options
 * `distDir` is the build directory beside server.js (its `static` holds the assets).
 */
function createStaticAssets({ distDir, routesManifest = path.join(distDir, 'routes-manifest.json'), memoryBytes = MEMORY_BYTES }) {
  const staticDir = path.join(distDir, 'static');
  const rules = readHeaderRules(routesManifest);
  /** `<file><suffix>` → its bytes, or null when there is no such copy. */
  const bodies = new Map();
  let kept = 0;

  function bodyOf(file) {
    if (bodies.has(file)) return bodies.get(file);
    let body = null;
    try {
      body = fs.readFileSync(file);
    } catch {
      // No compressed copy: Next.js answers.
    }
    if (body === null || kept + body.length <= memoryBytes) {
      bodies.set(file, body);
      kept += body ? body.length : 0;
    }
    return body;
  }

  function headersFor(pathname) {
    const headers = new Map();
    for (const rule of rules) {
      if (!rule.pattern.test(pathname)) continue;
      for (const { key, value } of rule.headers) headers.set(key, value);
    }
    return headers;
  }

  return {
    /** Answers a build asset from its compressed copy (true), or leaves the request to Next.js (false). */
    handle(request, response) {
      const { method, url, headers } = request;
      if (rules === null || (method !== 'GET' && method !== 'HEAD') || !url || !url.startsWith(PREFIX) || url.includes('?')) return false;
      if (headers.range || headers['if-none-match'] || headers['if-modified-since']) return false;
      let relative;
      try {
        relative = decodeURIComponent(url.slice(PREFIX.length));
      } catch {
        return false;
      }
      const file = path.join(staticDir, relative);
      if (relative.includes('\0') || !file.startsWith(staticDir + path.sep)) return false;
      const type = CONTENT_TYPES[path.extname(file)];
      if (!type) return false;
      const accepted = acceptedEncodings(headers['accept-encoding']);
      for (const encoding of ENCODINGS) {
        if (!accepted.has(encoding.name)) continue;
        const body = bodyOf(file + encoding.suffix);
        if (body === null) continue;
        response.statusCode = 200;
        for (const [name, value] of headersFor(url)) response.setHeader(name, value);
        response.setHeader('Cache-Control', IMMUTABLE);
        response.setHeader('Content-Type', type);
        response.setHeader('Content-Encoding', encoding.name);
        response.setHeader('Vary', 'Accept-Encoding');
        response.setHeader('Content-Length', body.length);
        response.end(method === 'HEAD' ? undefined : body);
        return true;
      }
      return false;
    },
  };
}

module.exports = { createStaticAssets, precompressAssets, acceptedEncodings };
