import 'server-only';
import { cookies } from 'next/headers';
import { getConfig } from '@/lib/server/config';

/** The cookie that asks a render to fail: `page` (the home page) or `layout` (the locale layout). */
export const CRASH_COOKIE = 'sandbox_crash';

/**
 * Test hook of demo and test runs (the embedded sandbox; never with a real upstream): a render
 * asked to fail throws, so the error pages (app/[locale]/error.tsx, app/global-error.tsx) can be
 * seen and tested in a production build.
 */
export async function failIfAsked(where: 'page' | 'layout'): Promise<void> {
  if (!getConfig().usesSandbox) return;
  if ((await cookies()).get(CRASH_COOKIE)?.value === where) throw new Error(`${CRASH_COOKIE}: the ${where} failed on purpose`);
}
