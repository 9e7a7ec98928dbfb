import { unstable_doesMiddlewareMatch, unstable_getResponseFromNextConfig } from 'next/experimental/testing/server';
import { describe, expect, it } from 'vitest';
import nextConfig from '@/next.config';
import { config as proxyConfig } from '@/proxy';
import { PUBLIC_PAGE_ROUTE, perRequestMarks, publicPaths } from '@/lib/pages/shared-view';

// Every page view goes one of two ways, never both and never neither: through proxy.ts, or, when it
// is an anonymous view of a public page, rewritten by next.config.ts straight to app/api/page.

type Request = { url: string; headers?: Record<string, string>; cookies?: Record<string, string> };

const site = 'https://site.test';

/** A request with one mark of `perRequestMarks` on it. */
function marked(path: string, mark: (typeof perRequestMarks)[number]): Request {
  // The testing helpers write the Cookie header from `cookies` (an empty one, which Next.js reads as none, without).
  if (mark.key === 'cookie') return { url: `${site}${path}`, cookies: { NEXT_LOCALE: 'en' } };
  if (mark.type === 'header') return { url: `${site}${path}`, headers: { [mark.key]: '1' } };
  return { url: `${site}${path}?${mark.key}=1` };
}

const proxyRuns = ({ url, headers, cookies }: Request) => unstable_doesMiddlewareMatch({ config: proxyConfig, url, headers, cookies });

/** Where next.config.ts's rewrites send the request, or undefined when they leave it alone. */
async function rewrittenTo({ url, headers, cookies }: Request): Promise<string | undefined> {
  const response = await unstable_getResponseFromNextConfig({ url, headers, cookies, nextConfig });
  const target = response.headers.get('x-middleware-rewrite');
  return target ? new URL(target).pathname : undefined;
}

describe('the anonymous view of a public page', () => {
  it('knows the ten public pages', () => {
    expect([...publicPaths].sort()).toEqual(['/', '/cerezler', '/en', '/en/accessibility', '/en/cookies', '/en/how-to', '/en/legal', '/erisilebilirlik', '/nasil-yapilir', '/yasal']);
  });

  it('is written out once in proxy.ts\'s matcher, the same list as publicPaths', () => {
    const [pages] = proxyConfig.matcher as [string, ...unknown[]];
    const written = /\(\?:([^)]*)\)\$/.exec(pages)?.[1]?.split('|').map((path) => `/${path}`);
    expect(written?.sort()).toEqual([...publicPaths].sort());
  });

  it('goes to app/api/page without the proxy, a campaign query or a HEAD request included', async () => {
    for (const path of publicPaths) {
      for (const url of [`${site}${path}`, `${site}${path}?utm_source=ads`]) {
        expect(proxyRuns({ url }), url).toBe(false);
        expect(await rewrittenTo({ url }), url).toBe(`${PUBLIC_PAGE_ROUTE}${path === '/' ? '' : path}`);
      }
    }
  });

  it('with any mark on it, goes through the proxy and is not rewritten here', async () => {
    for (const path of publicPaths) {
      for (const mark of perRequestMarks) {
        const request = marked(path, mark);
        expect(proxyRuns(request), `${request.url} ${mark.key}`).toBe(true);
        expect(await rewrittenTo(request), `${request.url} ${mark.key}`).toBeUndefined();
      }
    }
  });
});

describe('every other page view', () => {
  it('goes through the proxy, the look-alikes of a public page included', async () => {
    for (const path of ['/bu-sayfa-yok', '/tr', '/tr/nasil-yapilir', '/enx', '/en/how-to/x', '/en/nasil-yapilir', '/yasal/x', '/apix', '/api-docs', '/_nextx', '/profil']) {
      const url = `${site}${path}`;
      expect(proxyRuns({ url }), path).toBe(true);
      expect(await rewrittenTo({ url }), path).toBeUndefined();
    }
  });

  it('leaves the backend-for-frontend, Next.js files and dotted paths to neither', async () => {
    for (const path of ['/api/page', '/api/session', '/_next/static/chunks/a.js', '/robots.txt', '/en.html']) {
      const url = `${site}${path}`;
      expect(proxyRuns({ url }), path).toBe(false);
      expect(await rewrittenTo({ url }), path).toBeUndefined();
    }
  });
});
