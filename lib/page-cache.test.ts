import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { type CachedPage, inlineScriptHashes, PageCache, toCachedPage } from '@/lib/page-cache';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes every inline script exactly as written, once each', () => {
    const first = 'self.__next_f.push([1,"ü <b>"])';
    const second = '(self.__next_s=self.__next_s||[]).push([0,{}])';
    const html = `<head><script>${first}</script></head><body><script async="">${second}</script><script>${first}</script></body>`;
    expect(inlineScriptHashes(html)).toEqual([hash(first), hash(second)]);
  });

  it('leaves out scripts loaded by src and data blocks that never run', () => {
    const html = [
      '<script src="/_next/static/chunks/a.js" async=""></script>',
      '<script type="application/ld+json">{"@type":"HowTo"}</script>',
      "<script type='module'>import('/a.js')</script>",
      '<script type="text/javascript">run()</script>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([hash("import('/a.js')"), hash('run()')]);
  });

  it('is not fooled by a ">" inside an attribute', () => {
    expect(inlineScriptHashes('<script data-x="a>b">go()</script>')).toEqual([hash('go()')]);
  });
});

describe('toCachedPage', () => {
  it('keeps the page\'s own headers, not per-request ones', () => {
    const headers = new Headers({ 'content-type': 'text/html; charset=utf-8', link: '<x>; rel="alternate"', 'set-cookie': 'a=b', 'x-request-id': '1' });
    expect(toCachedPage(200, headers, '<p>').headers).toEqual([['content-type', 'text/html; charset=utf-8']]);
  });
});

describe('PageCache', () => {
  const page = (body: string): CachedPage => ({ status: 200, body, headers: [], scriptHashes: [] });

  it('renders a page once for its lifetime, however many ask at once, then anew', async () => {
    let now = 0;
    let renders = 0;
    const cache = new PageCache(1000, 10, () => now);
    const render = async () => page(`render ${++renders}`);
    const answers = await Promise.all([cache.get('/', render), cache.get('/', render), cache.get('/', render)]);
    expect(answers.map((answer) => answer?.page.body)).toEqual(['render 1', 'render 1', 'render 1']);
    now = 999;
    expect(await cache.get('/', render)).toMatchObject({ page: { body: 'render 1' }, until: 1000 });
    now = 1000;
    expect((await cache.get('/', render))?.page.body).toBe('render 2');
  });

  it('in the last quarter of a page\'s life answers it at once and renders its successor shortly after, once', async () => {
    vi.useFakeTimers();
    try {
      let now = 0;
      const renders: ((page: CachedPage) => void)[] = [];
      const cache = new PageCache(1000, 10, () => now, 100);
      const render = () => new Promise<CachedPage>((resolve) => renders.push(resolve));
      const first = cache.get('/', render);
      renders[0]!(page('render 1'));
      expect(await first).toMatchObject({ page: { body: 'render 1' }, until: 1000, refreshFrom: 750 });
      now = 749;
      await cache.get('/', render);
      await vi.advanceTimersByTimeAsync(1000);
      expect(renders).toHaveLength(1);
      now = 750;
      // Both visitors get the page as it is, without waiting; the successor's render starts after the delay.
      expect((await cache.get('/', render))?.page.body).toBe('render 1');
      expect((await cache.get('/', render))?.page.body).toBe('render 1');
      await vi.advanceTimersByTimeAsync(99);
      expect(renders).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(renders).toHaveLength(2);
      expect((await cache.get('/', render))?.page.body).toBe('render 1');
      renders[1]!(page('render 2'));
      await vi.advanceTimersByTimeAsync(0);
      now = 999;
      expect(await cache.get('/', render)).toMatchObject({ page: { body: 'render 2' }, until: 1750, refreshFrom: 1500 });
      await vi.advanceTimersByTimeAsync(1000);
      expect(renders).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits at most half the time a page has left before rendering its successor', async () => {
    vi.useFakeTimers();
    try {
      let now = 0;
      let renders = 0;
      const cache = new PageCache(1000, 10, () => now, 2000);
      const render = async () => page(`render ${++renders}`);
      await cache.get('/', render);
      now = 900;
      await cache.get('/', render);
      await vi.advanceTimersByTimeAsync(49);
      expect(renders).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(renders).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('never answers a page past its lifetime: unvisited in its last quarter, the next visitor waits for a render', async () => {
    let now = 0;
    let renders = 0;
    const cache = new PageCache(1000, 10, () => now);
    const render = async () => page(`render ${++renders}`);
    await cache.get('/', render);
    now = 1000;
    expect(await cache.get('/', render)).toMatchObject({ page: { body: 'render 2' }, until: 2000 });
  });

  it('keeps no failed render, so the next visitor tries again', async () => {
    const cache = new PageCache(1000, 10);
    expect(await cache.get('/', async () => undefined)).toBeUndefined();
    expect(await cache.get('/', () => Promise.reject(new Error('down')))).toBeUndefined();
    expect((await cache.get('/', async () => page('ok')))?.page.body).toBe('ok');
  });

  it('keeps at most its bound of pages, dropping the oldest', async () => {
    let renders = 0;
    const cache = new PageCache(1000, 2);
    const render = (body: string) => async () => page(`${body} ${++renders}`);
    await cache.get('/a', render('a'));
    await cache.get('/b', render('b'));
    await cache.get('/c', render('c'));
    expect((await cache.get('/b', render('b')))?.page.body).toBe('b 2');
    expect((await cache.get('/a', render('a')))?.page.body).toBe('a 4');
  });

  it('with a lifetime of 0 renders every time', async () => {
    let renders = 0;
    const cache = new PageCache(0, 10);
    await cache.get('/', async () => page(String(++renders)));
    expect(await cache.get('/', async () => page(String(++renders)))).toMatchObject({ page: { body: '2' }, until: 0 });
  });
});
