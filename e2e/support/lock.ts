import { mkdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sitePort } from './env';

/** Longer than a test may run (a slow one: 3 × 60 s): only a lock left behind by a killed worker is this old. */
const STALE_MS = 200_000;

/**
 * Runs `task` while holding a named lock shared by every worker of this run. A new login code
 * voids the customer's previous one, so two workers logging in the same fixture customer at once
 * would spoil each other's codes; the lock takes them one at a time.
 */
export async function withLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const dir = path.join(os.tmpdir(), `e2e-lock-${sitePort}-${name}`);
  for (;;) {
    try {
      mkdirSync(dir);
      break;
    } catch {
      try {
        if (Date.now() - statSync(dir).mtimeMs > STALE_MS) rmSync(dir, { recursive: true, force: true });
      } catch {
        // Released between the two calls: try again.
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await task();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
