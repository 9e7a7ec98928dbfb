import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { type CachedPage, inlineScriptHashes, PageCache, scriptsAfterFirstPaint, toCachedPage } from '@/lib/page-cache';

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

describe('scriptsAfterFirstPaint', () => {
  const page = [
    '<html><head><link rel="preload" href="/campaign/welcome.svg" as="image"/>',
    '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/late.js"/>',
    '<script src="/_next/static/chunks/a.js" async=""></script>',
    '<script src="/_next/static/chunks/b.js" async="" integrity="sha384-x" crossorigin=""></script>',
    '<script src="/_next/static/chunks/polyfills.js" noModule=""></script></head>',
    '<body><p>Merhaba</p><script id="_R_">(self.TURBOPACK=self.TURBOPACK||[]).push({})</script>',
    '<script src="/_next/static/chunks/late.js" async=""></script>',
    '<script>(self.__next_f=self.__next_f||[]).push([0])</script></body></html>',
  ].join('');

  /** The loader's script and the scripts it names, in order. */
  function loaderOf(html: string) {
    const [, code = ''] = /<script>(\(function\(s\)[\s\S]*?)<\/script><\/body>/.exec(html) ?? [];
    const list = JSON.parse(code.slice(code.lastIndexOf('})([') + 3, -1)) as Record<string, string>[];
    return { code, list };
  }

  /**
   * Runs the loader in a stand-in for a browser (`visible` or not, with paint timing or without).
   * Answers the scripts appended so far and the steps that let time pass: a frame (and the timers
   * due after it), the browser's paint, some milliseconds.
   */
  function runLoader(code: string, { visible = true, paintTiming = true } = {}) {
    const appended: Record<string, string>[] = [];
    let frames: (() => void)[] = [];
    let timers: { at: number; run: () => void }[] = [];
    let observers: (() => void)[] = [];
    let painted = false;
    let now = 0;
    const document = {
      visibilityState: visible ? 'visible' : 'hidden',
      createElement: () => {
        const attributes: Record<string, string> = {};
        return { attributes, setAttribute: (name: string, value: string) => (attributes[name] = value) };
      },
      head: { appendChild: (element: { attributes: Record<string, string> }) => appended.push(element.attributes) },
    };
    class PerformanceObserver {
      static supportedEntryTypes = paintTiming ? ['paint', 'navigation'] : ['navigation'];
      constructor(private readonly callback: () => void) {}
      observe({ type, buffered }: { type: string; buffered: boolean }) {
        expect([type, buffered]).toEqual(['paint', true]);
        if (painted) timers.push({ at: now, run: this.callback });
        else observers.push(this.callback);
      }
      disconnect() {
        observers = observers.filter((callback) => callback !== this.callback);
      }
    }
    const setTimeout = (run: () => void, ms = 0) => timers.push({ at: now + ms, run });
    const requestAnimationFrame = (run: () => void) => frames.push(run);
    new Function('document', 'self', 'setTimeout', 'requestAnimationFrame', code)(document, { PerformanceObserver }, setTimeout, requestAnimationFrame);
    const runTimers = () => {
      const due = timers.filter(({ at }) => at <= now);
      timers = timers.filter(({ at }) => at > now);
      for (const { run } of due) run();
    };
    return {
      appended,
      frame() {
        const due = frames;
        frames = [];
        for (const run of due) run();
        runTimers();
      },
      paint() {
        painted = true;
        const due = observers;
        for (const run of due) run();
        // An observer that has seen the paint is not kept.
        expect(observers).toEqual([]);
      },
      later(ms: number) {
        now += ms;
        runTimers();
      },
    };
  }

  it('takes the async scripts and script preloads out of the HTML and names them, in order, to one loader at the end of the body', () => {
    const html = scriptsAfterFirstPaint(page);
    expect(html).not.toMatch(/<script[^>]*\basync/);
    expect(html).not.toContain('as="script"');
    // Kept: the image preload, the scripts a modern browser never runs and every inline script.
    expect(html).toContain('<link rel="preload" href="/campaign/welcome.svg" as="image"/>');
    expect(html).toContain('<script src="/_next/static/chunks/polyfills.js" noModule=""></script>');
    expect(html).toContain('<script id="_R_">(self.TURBOPACK=self.TURBOPACK||[]).push({})</script>');
    expect(html).toContain('<script>(self.__next_f=self.__next_f||[]).push([0])</script>');
    expect(loaderOf(html).list).toEqual([
      { src: '/_next/static/chunks/a.js', async: '' },
      { src: '/_next/static/chunks/b.js', async: '', integrity: 'sha384-x', crossorigin: '' },
      { src: '/_next/static/chunks/late.js', async: '' },
    ]);
  });

  it('starts the scripts only once the page has been drawn and the browser says it painted, each once', () => {
    const browser = runLoader(loaderOf(scriptsAfterFirstPaint(page)).code);
    expect(browser.appended).toEqual([]);
    browser.frame();
    expect(browser.appended).toEqual([]);
    browser.paint();
    expect(browser.appended.map(({ src }) => src)).toEqual(['/_next/static/chunks/a.js', '/_next/static/chunks/b.js', '/_next/static/chunks/late.js']);
    expect(browser.appended[1]).toEqual({ src: '/_next/static/chunks/b.js', async: '', integrity: 'sha384-x', crossorigin: '' });
    browser.later(5000);
    expect(browser.appended).toHaveLength(3);
  });

  it('starts them after the first frame when the page had painted before it, or the browser cannot tell', () => {
    for (const options of [{}, { paintTiming: false }]) {
      const browser = runLoader(loaderOf(scriptsAfterFirstPaint(page)).code, options);
      if (!('paintTiming' in options)) browser.paint();
      expect(browser.appended).toEqual([]);
      browser.frame();
      browser.later(0);
      expect(browser.appended, JSON.stringify(options)).toHaveLength(3);
    }
  });

  it('starts them at once on a hidden page, and after 3 s on a page that never tells it painted', () => {
    expect(runLoader(loaderOf(scriptsAfterFirstPaint(page)).code, { visible: false }).appended).toHaveLength(3);
    const browser = runLoader(loaderOf(scriptsAfterFirstPaint(page)).code);
    browser.frame();
    browser.later(2999);
    expect(browser.appended).toEqual([]);
    browser.later(1);
    expect(browser.appended).toHaveLength(3);
  });

  it('hands the browser the addresses as it would read them, and none can end the loader early', () => {
    const html = scriptsAfterFirstPaint(
      '<head><script src="/a.js?x=1&amp;y=&#x27;2&#x27;&amp;z=&lt;/script&gt;&#60;b&#62;" async=""></script></head><body></body>',
    );
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(loaderOf(html).list).toEqual([{ src: "/a.js?x=1&y='2'&z=</script><b>", async: '' }]);
  });

  it('leaves a page without async scripts or without a body as it is', () => {
    for (const html of ['<html><body><p>x</p></body></html>', '<script src="/a.js" async=""></script>', '{"a":1}']) {
      expect(scriptsAfterFirstPaint(html)).toBe(html);
    }
  });
});

describe('toCachedPage', () => {
  it('keeps the page\'s own headers, not per-request ones', () => {
    const headers = new Headers({ 'content-type': 'text/html; charset=utf-8', link: '<x>; rel="alternate"', 'set-cookie': 'a=b', 'x-request-id': '1' });
    expect(toCachedPage(200, headers, '<p>').headers).toEqual([['content-type', 'text/html; charset=utf-8']]);
  });

  it('keeps a page (200, HTML) with its scripts after the first paint, its loader allowed by hash; a 404 as it is', () => {
    const html = '<html><head><script src="/a.js" async=""></script></head><body><script>go()</script></body></html>';
    const cached = toCachedPage(200, new Headers({ 'content-type': 'text/html; charset=utf-8' }), html);
    expect(cached.body).toBe(scriptsAfterFirstPaint(html));
    expect(cached.scriptHashes).toEqual(inlineScriptHashes(cached.body));
    expect(cached.scriptHashes).toHaveLength(2);
    expect(toCachedPage(200, new Headers({ 'content-type': 'text/plain' }), html).body).toBe(html);
    expect(toCachedPage(404, new Headers({ 'content-type': 'text/html; charset=utf-8' }), html).body).toBe(html);
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
