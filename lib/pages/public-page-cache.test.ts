import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Next.js's cache as it behaves for visitors who arrive while the page is rendered: each call that
// misses runs the render itself. The render is this server asked for the page over HTTP (fetch).
vi.mock('next/cache', () => ({ unstable_cache: (render: () => Promise<unknown>) => render }));
vi.mock('@/lib/server/config', () => ({ getConfig: () => ({ settingsCacheMs: 60_000, listen: { host: undefined, port: 3000 }, apiBaseUrl: 'http://upstream.test', apiTimeoutMs: 5_000, sessionKeys: { sealing: { 1: 's'.repeat(40) }, current: 's'.repeat(40), opening: { 1: 's'.repeat(40) }, hashing: 's'.repeat(40) } }) }));

// The settings' revision, as the revalidation call advances it (lib/upstream/settings-revision.ts).
let revision = 0;
vi.mock('@/lib/upstream/settings-revision', () => ({ settingsRevision: async () => revision }));
const revalidate = () => void revision++;

const { publicPage } = await import('@/lib/pages/public-page-cache');

const html = '<!doctype html><html><body><script>self.__next_f.push([1,"x"])</script></body></html>';

/** A render the test finishes when it likes, and how many were asked for. */
function heldRenders(answer: () => Response) {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const fetch = vi.fn(async () => {
    await released;
    return answer();
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, release };
}

describe('publicPage', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

  it('renders a page once for every visitor who asks while it is rendered, and again after', async () => {
    const renders = heldRenders(() => new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } }));
    const visitors = Array.from({ length: 20 }, () => publicPage('/en'));
    // Another page is a render of its own.
    const other = publicPage('/nasil-yapilir');
    renders.release();
    const pages = await Promise.all(visitors);
    await other;
    expect(renders.fetch).toHaveBeenCalledTimes(2);
    for (const answer of pages) expect(answer).toEqual({ page: expect.objectContaining({ status: 200, html }), kept: true });

    await publicPage('/en');
    expect(renders.fetch).toHaveBeenCalledTimes(3);
  });

  it('keeps the customers\' template apart from the public page, rendered with the marker that asks for it', async () => {
    const renders = heldRenders(() => new Response(html, { headers: { 'content-type': 'text/html' } }));
    renders.release();
    await publicPage('/nasil-yapilir', 'customer');
    await publicPage('/nasil-yapilir');
    expect(renders.fetch).toHaveBeenCalledTimes(2);
    const kinds = renders.fetch.mock.calls.map((call) => ((call as unknown as [string, RequestInit])[1].headers as Record<string, string>)['x-page-render-as']);
    expect(kinds).toEqual(['customer', undefined]);
  });

  it('gives every visitor of a failed render the failure, unkept, and renders anew on the next visit', async () => {
    const renders = heldRenders(() => new Response('down', { status: 502, headers: { 'content-type': 'text/html' } }));
    const visitors = Array.from({ length: 5 }, () => publicPage('/'));
    renders.release();
    for (const answer of await Promise.all(visitors)) expect(answer).toEqual({ page: expect.objectContaining({ status: 502 }), kept: false });
    expect(renders.fetch).toHaveBeenCalledTimes(1);

    await publicPage('/');
    expect(renders.fetch).toHaveBeenCalledTimes(2);
  });
});

describe('a revalidation', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('makes a visitor after a revalidation render anew instead of joining a render that may hold the old settings', async () => {
    const renders = heldRenders(() => new Response(html, { headers: { 'content-type': 'text/html' } }));
    const before = publicPage('/en');
    revalidate();
    const after = publicPage('/en');
    renders.release();
    await Promise.all([before, after]);
    expect(renders.fetch).toHaveBeenCalledTimes(2);
  });
});

describe('a render that ends after a revalidation', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('leaves the newer render for the visitors who come while it is under way', async () => {
    const releases: Array<() => void> = [];
    const fetch = vi.fn(() => new Promise<Response>((resolve) => releases.push(() => resolve(new Response(html, { headers: { 'content-type': 'text/html' } })))));
    vi.stubGlobal('fetch', fetch);
    const before = publicPage('/');
    revalidate();
    const after = publicPage('/');
    await vi.waitFor(() => expect(releases).toHaveLength(2));
    // The old render ends first; a visitor now joins the newer one, still under way.
    releases[0]!();
    await before;
    const joined = publicPage('/');
    // Time for a third render to be asked for, if the visitor did not join.
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (const release of releases) release();
    await Promise.all([after, joined]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
