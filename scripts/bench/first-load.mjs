// JavaScript a page sends, from the browser's network log (Playwright with the bench's Chromium):
// bytes on the wire (as the server compressed them: brotli or gzip) and decoded, for
//  - first load: the scripts the server's HTML names (script src and script preloads), what a
//    visitor's browser must fetch before the page is interactive;
//  - after load: everything else fetched until the network is idle (lazy chunks).
import { chromium } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { chromiumFlags } from '../chromium-flags.mjs';
import { chromePath } from './tools.mjs';

function attributes(tag) {
  const found = {};
  for (const [, name, , double, single, bare] of tag.matchAll(/([\w:-]+)(\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    found[name.toLowerCase()] = double ?? single ?? bare ?? '';
  }
  return found;
}

/** The script URLs an HTML document names: `<script src>` and `<link rel=preload|modulepreload as=script>`. */
export function scriptsNamedBy(html, baseUrl) {
  const urls = new Set();
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const attrs = attributes(tag.replace(/^<\w+/, '').replace(/\/?>$/, ''));
    const isScript = /^<script/i.test(tag) && attrs.src;
    const isPreload = /^<link/i.test(tag) && /(^|\s)(preload|modulepreload)(\s|$)/i.test(attrs.rel ?? '') && (attrs.as === 'script' || /modulepreload/i.test(attrs.rel));
    const href = isScript ? attrs.src : isPreload ? attrs.href : undefined;
    if (href) urls.add(new URL(href.replaceAll('&amp;', '&'), baseUrl).href);
  }
  return urls;
}

async function loadPage(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, locale: 'tr-TR' });
  const page = await context.newPage();
  const scripts = new Map();
  const pending = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const [sizes, body] = await Promise.all([response.request().sizes(), response.body().catch(() => Buffer.alloc(0))]);
        const encoding = response.headers()['content-encoding'] ?? 'identity';
        scripts.set(response.url(), {
          url: response.url(),
          status: response.status(),
          encoding,
          // The browser's figure when the server compressed; else what gzip would have made of it.
          transferBytes: encoding === 'identity' ? gzipSync(body).length : sizes.responseBodySize,
          decodedBytes: body.length,
        });
      })(),
    );
  });
  try {
    const document = await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    const html = await document.text();
    const htmlEncoding = (await document.allHeaders())['content-encoding'] ?? 'identity';
    const htmlWireBytes = htmlEncoding === 'identity' ? gzipSync(html).length : (await document.request().sizes()).responseBodySize;
    await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => {});
    await Promise.all(pending);
    const named = scriptsNamedBy(html, url);
    const list = [...scripts.values()];
    const firstLoad = list.filter((script) => named.has(script.url));
    const afterLoad = list.filter((script) => !named.has(script.url));
    const missing = [...named].filter((href) => !scripts.has(href));
    const sum = (items, field) => items.reduce((total, item) => total + item[field], 0);
    return {
      status: document.status(),
      htmlWireBytes,
      htmlEncoding,
      firstLoad: { wireBytes: sum(firstLoad, 'transferBytes'), decodedBytes: sum(firstLoad, 'decodedBytes'), files: firstLoad.length },
      afterLoad: { wireBytes: sum(afterLoad, 'transferBytes'), decodedBytes: sum(afterLoad, 'decodedBytes'), files: afterLoad.length },
      encodings: [...new Set(list.map((script) => script.encoding))],
      namedButNotFetched: missing,
      scripts: list.map((script) => ({ ...script, url: new URL(script.url).pathname, firstLoad: named.has(script.url) })),
    };
  } finally {
    await context.close();
  }
}

/**
 * `pages`: [{ key, url, expectStatus }]. The wizard's chunks are those `/?basvuru=yeni` fetches
 * and home does not fetch on its first load.
 */
export async function measureFirstLoad({ pages, wizardUrl }) {
  const browser = await chromium.launch({ executablePath: chromePath(), args: [...chromiumFlags] });
  try {
    const results = {};
    for (const { key, url, expectStatus } of pages) {
      const result = await loadPage(browser, url);
      if (result.status !== expectStatus) throw new Error(`${url} answered ${result.status}, expected ${expectStatus}`);
      // A page that names no script at all means this parser no longer reads it (the budget would pass on 0 B).
      if (!result.firstLoad.files) throw new Error(`${url}: no script of its first load found in its HTML`);
      results[key] = result;
    }
    const wizardPage = await loadPage(browser, wizardUrl);
    if (wizardPage.status !== 200) throw new Error(`${wizardUrl} answered ${wizardPage.status}`);
    const home = results.home;
    const homeFirst = new Set(home.scripts.filter((script) => script.firstLoad).map((script) => script.url));
    const homeAny = new Set(home.scripts.map((script) => script.url));
    const chunks = wizardPage.scripts.filter((script) => !homeFirst.has(script.url));
    const wizard = {
      url: new URL(wizardUrl).pathname + new URL(wizardUrl).search,
      wireBytes: chunks.reduce((total, chunk) => total + chunk.transferBytes, 0),
      decodedBytes: chunks.reduce((total, chunk) => total + chunk.decodedBytes, 0),
      chunks: chunks.map(({ url, transferBytes, decodedBytes }) => ({ url, wireBytes: transferBytes, decodedBytes })),
      inHomeFirstLoad: chunks.some((chunk) => homeFirst.has(chunk.url)),
      fetchedByHomeAfterLoad: chunks.filter((chunk) => homeAny.has(chunk.url)).map((chunk) => chunk.url),
      pageFirstLoadWireBytes: wizardPage.firstLoad.wireBytes,
    };
    return { pages: results, wizard };
  } finally {
    await browser.close();
  }
}
