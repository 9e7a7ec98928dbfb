import { expect, test } from '@playwright/test';
import { FIXTURE_CUSTOMERS } from '@/sandbox/fixtures';
import { apiLogin, xsrfToken } from './support/api';
import { inlineScriptSources, scriptSources } from './support/csp';
import { registerCustomer } from './support/register';
import { sandbox } from './support/sandbox';
import { sandboxURL } from './support/env';
import { closedPort, type RunningSite, startSite } from './support/servers';

// A logged-in customer's view of a public page is the customers' template of it, kept beside the
// anonymous page in Next.js's cache and filled in with who they are (lib/pages/customer-page.ts,
// app/api/customer-page). A site of its own keeps pages (the suite's main site renders every time:
// SETTINGS_CACHE_SECONDS=0). The same page with a query is still rendered for the customer alone,
// which is what the template must match.

const publicPaths = ['/', '/nasil-yapilir', '/en', '/en/how-to'];
const documentHeaders = { Accept: 'text/html,application/xhtml+xml' };
const customer = FIXTURE_CUSTOMERS.notSent;
const name = 'Mehmet Demir';

/**
 * The page as a visitor sees it: scripts (the payload's rows come in another order) and nonces left
 * out, each tag's attributes in one order (React writes a preload's in the order its hint came).
 */
const markup = (html: string) =>
  html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/ nonce="[^"]*"/g, '')
    .replace(/<([a-z][\w-]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)+)\s*(\/?)>/gi, (_tag, name: string, attributes: string, close: string) => {
      const sorted = attributes.trim().match(/[^\s=>/]+(?:="[^"]*")?/g)!.sort().join(' ');
      return `<${name} ${sorted}${close}>`;
    });

test.describe('a customer\'s view of a public page', () => {
  test.describe.configure({ mode: 'serial' });
  let site: RunningSite;

  test.beforeAll(async () => {
    site = await startSite(await closedPort(), { API_BASE_URL: sandboxURL, SESSION_SECRET: 'c'.repeat(40), SESSION_COOKIE_SECURE: 'false', SETTINGS_CACHE_SECONDS: '30' });
  });
  test.afterAll(async () => site?.stop());

  test('names the customer in the first HTML, shows what a render of their own shows, under a policy naming exactly its scripts', async ({ request }) => {
    await apiLogin(request, customer, site.url);
    for (const path of publicPaths) {
      const view = await request.get(`${site.url}${path}`, { headers: documentHeaders });
      expect(view.status(), path).toBe(200);
      const html = await view.text();
      expect(html, path).toContain('Mehmet');
      expect(html, path).toContain('Demir');
      expect(html, path).not.toMatch(/Qz7obTpl/);
      // The template: no nonce, every inline script by its hash, kept by no cache.
      expect(html, path).not.toContain('nonce=');
      const sources = scriptSources(view.headers()['content-security-policy'] ?? '');
      expect(sources, path).not.toContain("'unsafe-inline'");
      expect(sources.filter((source) => source.startsWith("'sha256-")).sort(), path).toEqual([...new Set(inlineScriptSources(html))].sort());
      expect(view.headers()['cache-control'], path).toBe('private, no-store');

      // A view with a query is rendered for this customer alone, under a nonce: the same page.
      const rendered = await request.get(`${site.url}${path}?karsilastir=1`, { headers: documentHeaders });
      expect(scriptSources(rendered.headers()['content-security-policy'] ?? '').some((source) => source.startsWith("'nonce-")), path).toBe(true);
      expect(markup(html), path).toBe(markup(await rendered.text()));
    }
  });

  test('hydrates in Chromium without an error or a policy violation, and the name opens the profile', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.addInitScript(() => document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP ${event.violatedDirective} ${event.blockedURI}`)));
    await apiLogin(page.request, customer, site.url);
    const response = await page.goto(`${site.url}/`);
    expect(response!.headers()['cache-control']).toBe('private, no-store');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('button', { name: `Hesabım: ${name}` })).toBeVisible();
    // The home page's login is for people who are not logged in.
    await expect(page.getByRole('heading', { name: 'Müşteri Girişi' })).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    await banner.getByRole('button', { name: `Hesabım: ${name}` }).click();
    await expect(page.getByRole('dialog', { name: 'Hesabım' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('a name with markup in it is filled in as text and hydrates; a name the template cannot hold gets a render of its own', async ({ page, request }) => {
    const person = await registerCustomer(request);
    const rename = (name: string, surname: string) => sandbox(`/__sandbox/customers/${person.nationality_number}/name`, { name, surname });
    const name = `Ayşe "<b>" & $$'Can'`;
    const surname = `O'Neil </script><script>alert(1)</script>`;
    await rename(name, surname);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await apiLogin(page.request, person, site.url);
    const response = await page.goto(`${site.url}/`);
    expect(response!.headers()['cache-control']).toBe('private, no-store');
    const html = await response!.text();
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('nonce=');
    await expect(page.getByRole('banner').getByRole('button', { name: `Hesabım: ${name} ${surname}`, exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);

    // An empty surname renders no text where the template holds one: the page is rendered for them.
    await rename('Ayşe', '');
    const rendered = await page.request.get(`${site.url}/`, { headers: documentHeaders });
    expect(rendered.status()).toBe(200);
    expect(scriptSources(rendered.headers()['content-security-policy'] ?? '').some((source) => source.startsWith("'nonce-"))).toBe(true);
    const renderedHtml = await rendered.text();
    expect(renderedHtml).toContain('aria-label="Hesabım: Ayşe "');
    expect(renderedHtml).not.toMatch(/Qz7obTpl/);
  });

  test('a cookie that names nobody, or a session logged out, gets the page everyone gets', async ({ request, playwright }) => {
    const anonymous = await (await request.get(`${site.url}/en`, { headers: documentHeaders })).text();
    const unreadable = await request.get(`${site.url}/en`, { headers: { ...documentHeaders, Cookie: 'ob_session=a-session-this-site-cannot-read' } });
    expect(await unreadable.text()).toBe(anonymous);
    expect(unreadable.headers()['cache-control']).toBe('private, no-store');

    // A copy of the cookie, kept past the logout, names nobody: the logout revoked its session.
    const browser = await playwright.request.newContext();
    await apiLogin(browser, customer, site.url);
    const session = (await browser.storageState()).cookies.find((cookie) => cookie.name === 'ob_session')!;
    const copy = { ...documentHeaders, Cookie: `ob_session=${session.value}` };
    expect(await (await request.get(`${site.url}/en`, { headers: copy })).text()).toContain('Mehmet');
    const token = await xsrfToken(browser, site.url);
    expect((await browser.delete(`${site.url}/api/session`, { headers: { 'X-XSRF-TOKEN': token } })).status()).toBeLessThan(300);
    expect(await (await request.get(`${site.url}/en`, { headers: copy })).text()).toBe(anonymous);
    await browser.dispose();
  });

  test('a forged template marker renders nothing for anyone: the stand-in customer never leaves the server', async ({ request }) => {
    const forged: Record<string, string>[] = [
      { 'x-page-render-as': 'customer' },
      { 'x-page-render': 'guessed', 'x-page-render-as': 'customer' },
      { 'x-page-render': 'guessed', 'x-page-render-as': 'visitor', Cookie: 'ob_session=x' },
    ];
    for (const headers of forged) {
      for (const path of ['/', '/api/customer-page', '/api/customer-page/en']) {
        const answer = await request.get(`${site.url}${path}`, { headers: { ...documentHeaders, ...headers } });
        expect(await answer.text(), `${path} ${JSON.stringify(headers)}`).not.toMatch(/Qz7obTpl/);
      }
    }
  });
});
