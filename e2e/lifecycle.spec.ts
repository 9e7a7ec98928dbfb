import { expect, test } from '@playwright/test';
import { sandbox } from './support/sandbox';
import { closedPort, type RunningSandbox, startSandbox, startSite } from './support/servers';

// An instance's stop (lib/server/lifecycle.ts), on the production server with its own sandbox: told not
// ready at once, served through the drain, the request in flight answered, then gone.

let upstream: RunningSandbox;
test.beforeAll(async () => {
  upstream = await startSandbox();
});
test.afterAll(async () => {
  await upstream?.stop();
});

test('an instance sent SIGTERM answers not ready within 1 s, answers the request in flight, and exits within its grace', async ({ playwright }) => {
  const port = await closedPort();
  const site = await startSite(port, { API_BASE_URL: upstream.url, SESSION_SECRET: 'l'.repeat(40), SESSION_COOKIE_SECURE: 'false', DRAIN_SECONDS: '2', SHUTDOWN_GRACE_SECONDS: '20' });
  const request = await playwright.request.newContext({ baseURL: site.url });
  try {
    const ready = await request.get('/api/health/ready');
    expect(await ready.json()).toEqual({ status: 'ok', redis: 'none', upstream: true });

    // A call the upstream answers only after 4 s: in flight when the stop comes.
    await sandbox('/__sandbox/slow', { ms: 4_000 }, upstream.url);
    const inFlight = request.get('/api/v1/app-settings/countries', { timeout: 30_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));

    const signalled = Date.now();
    const stopped = site.stop().then(() => Date.now());
    // Not ready at once, while it still serves for the drain.
    await expect(async () => {
      const draining = await request.get('/api/health/ready', { timeout: 1_000 });
      expect(draining.status()).toBe(503);
      expect((await draining.json()).status).toBe('draining');
    }).toPass({ timeout: 1_000, intervals: [50] });
    expect(Date.now() - signalled).toBeLessThan(1_000);

    const answered = await inFlight;
    expect(answered.status()).toBe(200);
    expect((await answered.json()).status).toBe(true);
    const exitedAt = await stopped;
    // After the request it was answering, and well within its 20 s.
    expect(exitedAt - signalled).toBeGreaterThan(2_000);
    expect(exitedAt - signalled).toBeLessThan(20_000);
    await expect(request.get('/api/health/live', { timeout: 2_000 })).rejects.toThrow();
  } finally {
    await sandbox('/__sandbox/slow', { ms: 0 }, upstream.url);
    await request.dispose();
    await site.stop();
  }
});
