import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SESSION_URL } from '@/lib/api/client';
import { SESSION_ENDPOINT } from '@/lib/api/session-endpoint';

const routeFile = (endpoint: string) => fileURLToPath(new URL(`../../app${endpoint}/route.ts`, import.meta.url));

describe('SESSION_ENDPOINT', () => {
  it('names the session route, which answers GET (the user) and DELETE (logout)', async () => {
    for (const endpoint of [SESSION_ENDPOINT, SESSION_URL]) expect(existsSync(routeFile(endpoint)), endpoint).toBe(true);
    const route = (await import(/* @vite-ignore */ routeFile(SESSION_ENDPOINT))) as Record<string, unknown>;
    expect(typeof route.GET).toBe('function');
    expect(typeof route.DELETE).toBe('function');
  });

  it('refuses a logout from another site before touching the session', async () => {
    const { DELETE } = (await import(/* @vite-ignore */ routeFile(SESSION_ENDPOINT))) as { DELETE: (request: Request) => Promise<Response> };
    const response = await DELETE(new Request(`http://site.test${SESSION_ENDPOINT}`, { method: 'DELETE', headers: { 'Sec-Fetch-Site': 'cross-site' } }));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      status: false,
      message: 'Bu istek güvenlik nedeniyle reddedildi. Lütfen sayfayı yenileyip tekrar deneyin.',
    });
  });
});
