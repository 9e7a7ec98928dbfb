import { expect, test } from '@playwright/test';
import { DECLARED_COOKIES, declaredCookie } from '@/lib/legal/cookies';
import { expectOnlyDeclared, recordWrites, walkMainFlows } from './support/cookie-walk';
import { registerCustomer } from './support/register';

/*
 * The cookie notice (/cerezler) lists lib/legal/cookies.ts's table; this holds the site to that table: a
 * visitor's walk through the main flows, with every Set-Cookie header and every script's cookie and
 * storage write recorded, may leave nothing the table does not declare, nor declare it otherwise
 * (lifetime, HttpOnly, SameSite). The same walk through the edge's topology: e2e/edge.spec.ts.
 */

test('LAW cookies: the main flows set no cookie and keep no browser record that the cookie notice does not list, each as declared', async ({ page }) => {
  test.slow();
  // A customer of this test alone, to log in as; the registration's own cookies are not the walk's.
  const customer = await registerCustomer(page.request);
  await page.context().clearCookies();
  const written = await recordWrites(page);
  await walkMainFlows(page, { customer });
  const { cookies } = await expectOnlyDeclared(page, written);
  // The walk met every declared cookie, so the check above saw each one's attributes.
  expect(new Set(cookies.map((cookie) => declaredCookie(cookie.name)?.key))).toEqual(new Set(DECLARED_COOKIES.map((cookie) => cookie.key)));
});
