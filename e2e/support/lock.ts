import { closeSync, openSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { sitePort } from './env';

/**
 * Runs `task` while holding a named lock shared by every worker of this run (proper-lockfile: the
 * lock is refreshed while held, so one a killed worker left goes stale within seconds). A new login
 * code voids the customer's previous one, so two workers logging in the same fixture customer at
 * once would spoil each other's codes; the lock takes them one at a time.
 */
export async function withLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const file = path.join(os.tmpdir(), `e2e-lock-${sitePort}-${name}`);
  closeSync(openSync(file, 'a'));
  // Waited for up to about three minutes (a slow test holding it: 3 × 60 s).
  const release = await lockfile.lock(file, { realpath: false, retries: { retries: 1_800, minTimeout: 100, maxTimeout: 100, factor: 1 } });
  try {
    return await task();
  } finally {
    await release();
  }
}
