import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { NEW_INTERFACES_IPV6 } from './support/quiet-interfaces';

// The run's guard against the container specs' interfaces (e2e/support/quiet-interfaces.ts): a page
// keeps eight slow requests in flight to 127.0.0.1 while interfaces come and go, as Docker's and
// podman's do, and none is aborted. Without the guard, one run of this test had 21 aborted.

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: 'pipe' });

test('interfaces made during the run abort none of a page\'s requests', async ({ page }) => {
  // The suite runs as root (its container specs start dockerd): the global set-up has turned it off.
  expect(readFileSync(NEW_INTERFACES_IPV6, 'utf8').trim(), 'IPv6 for interfaces made during the run').toBe('1');
  const server = http.createServer((_request, response) => setTimeout(() => response.end('ok'), 200));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const names = Array.from({ length: 5 }, (_, index) => `qi${process.pid % 10_000}x${index}`);
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await page.goto(`${base}/`);
    const fetching = page.evaluate(async (until) => {
      const counts = { done: 0, aborted: 0 };
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (Date.now() < until) await fetch(`/x?${Math.random()}`).then((answer) => answer.text()).then(() => counts.done++, () => counts.aborted++);
        }),
      );
      return counts;
    }, Date.now() + 6_000);
    for (const name of names) {
      await new Promise((resolve) => setTimeout(resolve, 600));
      ip('link', 'add', name, 'type', 'veth', 'peer', 'name', `${name}p`);
      ip('link', 'set', name, 'up');
      ip('link', 'set', `${name}p`, 'up');
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    for (const name of names) ip('link', 'del', name);
    const counts = await fetching;
    expect(counts.done).toBeGreaterThan(50);
    expect(counts.aborted).toBe(0);
  } finally {
    for (const name of names) {
      try {
        ip('link', 'del', name);
      } catch {
        // Already gone.
      }
    }
    server.close();
  }
});
