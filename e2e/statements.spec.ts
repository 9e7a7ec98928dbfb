import { expect, type Page, test } from '@playwright/test';
import { ACCESSIBILITY_CHECKED, ACCESSIBILITY_EXCEPTIONS } from '@/lib/legal/accessibility';
import { cookieLifetime, DECLARED_COOKIES, DECLARED_STORAGE } from '@/lib/legal/cookies';
import en from '@/messages/en.json';
import tr from '@/messages/tr.json';
import { expectNoAxeViolations } from './support/axe';

/*
 * The two statements the law asks the site to publish: the accessibility statement (Presidential
 * Circular 2025/10) and the cookie notice (the KVKK cookie guideline), in both languages, reached
 * from every page's footer. Their place among the cached public pages (CSP hashes, sitemap,
 * hreflang) is held by public-pages.spec.ts and foundation.spec.ts with the other public pages.
 */

const languages = [
  { lang: 'tr', home: '/', messages: tr, statement: '/erisilebilirlik', notice: '/cerezler', contact: 'İletişim Formu' },
  { lang: 'en', home: '/en', messages: en, statement: '/en/accessibility', notice: '/en/cookies', contact: 'Contact form' },
] as const;

/** No sideways scroll at this width: nothing on the page is wider than the viewport. */
async function expectNoSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(client);
}

/** The lifetime as the notice words it (components/legal/cookie-notice.tsx). */
function lifetimeText(messages: typeof tr | typeof en, seconds: number | null, open: 'browserSession' | 'tab') {
  const life = cookieLifetime(seconds);
  if (life.unit === 'browserSession') return messages.cookies.lifetimes[open];
  const text = messages.cookies.lifetimes[life.unit];
  // Turkish '{count} yıl'; English '{count, plural, one {# year} other {# years}}'.
  const plural = /\{count, plural, one \{# ([^}]+)\} other \{# ([^}]+)\}\}/.exec(text);
  return plural ? `${life.count} ${life.count === 1 ? plural[1] : plural[2]}` : text.replace('{count}', String(life.count));
}

for (const language of languages) {
  const { messages } = language;

  test(`LAW cookies: the cookie notice lists every cookie and browser record of lib/legal/cookies.ts with its purpose, lifetime and legal basis, from the footer (${language.lang})`, { tag: '@phone' }, async ({ page }) => {
    await page.goto(language.home);
    await page.getByRole('contentinfo').getByRole('link', { name: messages.footer.cookies }).click();
    await expect(page).toHaveURL(new RegExp(`${language.notice}$`));
    await expect(page.getByRole('heading', { level: 1, name: messages.cookies.heading })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${messages.metadata.cookiesTitle} \\| `));
    for (const cookie of DECLARED_COOKIES) {
      const item = page.getByRole('region', { name: cookie.name, exact: true });
      await expect(item).toContainText(messages.cookies.items[cookie.key].purpose);
      await expect(item).toContainText(`${messages.cookies.lifetime}${lifetimeText(messages, cookie.maxAgeSeconds, 'browserSession')}`);
      await expect(item).toContainText(messages.cookies.strictlyNecessary);
      await expect(item).toContainText(messages.cookies.items[cookie.key].basis);
      if (cookie.secureName !== cookie.name) await expect(item).toContainText(cookie.secureName);
    }
    for (const record of DECLARED_STORAGE) {
      const item = page.getByRole('region', { name: record.names.join(', '), exact: true });
      await expect(item).toContainText(messages.cookies.items[record.key].purpose);
      await expect(item).toContainText(lifetimeText(messages, record.maxAgeSeconds, 'tab'));
    }
    // Nothing listed that the table does not hold.
    await expect(page.getByRole('region', { name: messages.cookies.cookiesHeading }).getByRole('heading', { level: 3 })).toHaveCount(DECLARED_COOKIES.length);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, { everyWidth: true });
  });

  test(`LAW WCAG 2.2: the accessibility statement names the standard, the known exceptions, the last check's date and opens the contact form to report a barrier, from the footer (${language.lang})`, { tag: '@phone' }, async ({ page }) => {
    await page.goto(language.home);
    await page.getByRole('contentinfo').getByRole('link', { name: messages.footer.accessibility }).click();
    await expect(page).toHaveURL(new RegExp(`${language.statement}$`));
    await expect(page.getByRole('heading', { level: 1, name: messages.accessibility.heading })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${messages.metadata.accessibilityTitle} \\| `));
    const main = page.getByRole('main');
    await expect(main.getByRole('region', { name: messages.accessibility.standardHeading })).toContainText('WCAG) 2.2');
    await expect(main.getByRole('region', { name: messages.accessibility.standardHeading })).toContainText('2025/10');
    const exceptions = main.getByRole('region', { name: messages.accessibility.exceptionsHeading }).getByRole('listitem');
    await expect(exceptions).toHaveText(ACCESSIBILITY_EXCEPTIONS.map((key) => messages.accessibility.exceptions[key]));
    const checked = main.locator(`time[datetime="${ACCESSIBILITY_CHECKED}"]`);
    await expect(checked).toHaveText(new Intl.DateTimeFormat(language.lang === 'tr' ? 'tr' : 'en', { dateStyle: 'long', timeZone: 'Europe/Istanbul' }).format(new Date(`${ACCESSIBILITY_CHECKED}T12:00:00Z`)));
    // A date that has been, not one to come.
    expect(Date.parse(ACCESSIBILITY_CHECKED)).toBeLessThanOrEqual(Date.now());
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, { everyWidth: true });

    const report = main.getByRole('button', { name: messages.accessibility.reportButton });
    await report.click();
    const contact = page.getByRole('dialog', { name: language.contact });
    await expect(contact).toBeVisible();
    await expect(contact.getByLabel(messages.contactForm.message)).toHaveValue(messages.accessibility.reportMessage);
    await page.keyboard.press('Escape');
    await expect(contact).toBeHidden();
    await expect(report).toBeFocused();
  });
}
