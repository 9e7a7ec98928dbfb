import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inlineScriptHashes, ownRenderKind, ownRenderToken, publicPagePath } from '@/lib/pages/public-page';

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

describe('publicPagePath', () => {
  it('knows every page in both languages by its public path', () => {
    for (const path of ['/', '/nasil-yapilir', '/yasal', '/erisilebilirlik', '/cerezler', '/en', '/en/how-to', '/en/legal', '/en/accessibility', '/en/cookies']) expect(publicPagePath(path)).toBe(path);
  });

  it('keeps nothing else: internal and made-up paths are rendered per request, so they cost no cache entry', () => {
    for (const path of ['/tr', '/tr/nasil-yapilir', '/en/nasil-yapilir', '/how-to', '/bu-sayfa-yok', '/en/', '', '/%2e', '/?x=1']) {
      expect(publicPagePath(path), path).toBeUndefined();
    }
  });
});

describe('ownRenderKind', () => {
  const headers = (values: Record<string, string>) => new Headers(values);
  beforeAll(() => void vi.stubEnv('SESSION_SECRET', 'r'.repeat(40)));
  afterAll(() => void vi.unstubAllEnvs());

  it('names the render this server asked itself for, and nothing for a header anyone could send', () => {
    const token = ownRenderToken();
    expect(ownRenderKind(headers({}))).toBeUndefined();
    expect(ownRenderKind(headers({ 'x-page-render': 'guessed', 'x-page-render-as': 'customer' }))).toBeUndefined();
    expect(ownRenderKind(headers({ 'x-page-render-as': 'customer' }))).toBeUndefined();
    expect(ownRenderKind(headers({ 'x-page-render': token }))).toBe('anonymous');
    expect(ownRenderKind(headers({ 'x-page-render': token, 'x-page-render-as': 'customer' }))).toBe('customer');
    expect(ownRenderKind(headers({ 'x-page-render': token, 'x-page-render-as': 'visitor' }))).toBe('visitor');
    expect(ownRenderKind(headers({ 'x-page-render': token, 'x-page-render-as': 'admin' }))).toBe('anonymous');
  });
});
