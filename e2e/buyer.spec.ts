import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { acceptConsents } from './support/consents';
import { startAtContact, startAtIdentity } from './support/flow-state';
import { headerNav } from './support/header';
import { registerCustomer } from './support/register';
import { randomMail, randomPhone } from './support/people';
import { verifyContact } from './support/wizard';

/**
 * What a buyer sees at 360 px and 1280 px: messages that never cover the form or the
 * finish screen's number, the wizard's way back and out on a phone, one term per field.
 */

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) <= 480;

/** The boxes of every notification and toast on screen that overlap one of `targets`' boxes (empty: none). */
async function coveredBy(page: Page, targets: Locator): Promise<string[]> {
  const notes = await page.locator('[data-sonner-toast], [role="group"][aria-label="Bildirimler"] li').all();
  const covered: string[] = [];
  for (const note of notes) {
    const box = await note.boundingBox();
    if (!box) continue;
    for (const target of await targets.all()) {
      const other = await target.boundingBox();
      if (!other) continue;
      const overlaps = box.x < other.x + other.width && other.x < box.x + box.width && box.y < other.y + other.height && other.y < box.y + box.height;
      if (overlaps) covered.push(`${await note.innerText()} over ${await target.evaluate((element) => element.outerHTML.slice(0, 80))}`);
    }
  }
  return covered;
}

test('after the phone and mail checks no message covers a form control, nor the finish screen\'s number', { tag: '@phone' }, async ({ page }) => {
  test.slow();
  await startAtContact(page);
  await verifyContact(page, 'phone', randomPhone());
  // Said to screen readers; on screen, the green 'Doğrulandı' beside the number says it.
  const bar = page.getByRole('group', { name: 'Bildirimler' });
  await expect(bar.locator('[aria-live="polite"]').filter({ hasText: 'Telefon numaranız onaylandı.' })).toBeAttached();
  await verifyContact(page, 'mail', randomMail());
  await expect(page.getByText('Doğrulandı')).toHaveCount(2);
  await acceptConsents(page);
  const controls = page.locator('main').locator('input, button, select, textarea, a, label');
  expect(await coveredBy(page, controls)).toEqual([]);
  expect(await coveredBy(page, page.getByRole('banner').getByRole('link'))).toEqual([]);

  await page.getByRole('button', { name: 'Kaydı Tamamla' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Başvurunuz alındı' })).toBeVisible();
  const number = page.getByText(/^Başvuru numaranız: \d+/);
  await expect(number).toBeVisible();
  expect(await coveredBy(page, number)).toEqual([]);
  expect(await coveredBy(page, page.getByRole('heading', { level: 1, name: 'Başvurunuz alındı' }))).toEqual([]);
});

test('the wizard on a phone: Adım 3/5 · Nüfus Bilgileri, Geri beside the main button, leaving asks first', { tag: '@phone' }, async ({ page }) => {
  test.slow();
  await startAtIdentity(page);
  const count = page.getByText('Adım 3/5 · Nüfus Bilgileri');
  if (isPhone(page)) await expect(count).toBeVisible();
  else await expect(count).toBeHidden();

  // 'Geri' beside the step's main button, not at the top beside 'Başvurudan çık'.
  const main = page.getByRole('button', { name: 'İletişim Bilgilerini Ekle' });
  const back = page.getByRole('button', { name: 'Geri', exact: true });
  await expect(back).toHaveCount(1);
  const [mainBox, backBox] = [await main.boundingBox(), await back.boundingBox()];
  expect(Math.abs(mainBox!.y + mainBox!.height / 2 - (backBox!.y + backBox!.height / 2))).toBeLessThan(4);
  expect(backBox!.x).toBeLessThan(mainBox!.x);

  // An address and a tariff were given: leaving asks first, in the site's own dialog, the safe answer focused.
  await page.getByRole('button', { name: 'Başvurudan çık' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Başvurudan çıkılsın mı?' });
  await expect(ask).toBeVisible();
  await expect(ask).toContainText('Bu başvuruya girdiğiniz bilgiler silinecek.');
  await expect(ask.getByRole('button', { name: 'Başvuruya devam et' })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Nüfus bilgileriniz' })).toBeVisible();

  // To the step before, even for a wizard opened at this step (the page before it in the history is another).
  await back.click();
  await expect(page.getByRole('heading', { name: 'Paketinizi seçin' })).toBeVisible();
  await expect(page).toHaveURL(/adim=2$/);
  await page.getByRole('button', { name: 'Başvurudan çık' }).click();
  await ask.getByRole('button', { name: 'Başvurudan çık' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Yeni Başvuru' })).toBeVisible();

  // Nothing given: the wizard closes at once.
  await page.getByRole('link', { name: 'Yeni Başvuru' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Yeni Başvuru' })).toBeVisible();
  await page.getByRole('button', { name: 'Başvurudan çık' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(ask).toHaveCount(0);

  // English: the same line in English (the application kept in this tab).
  await startAtIdentity(page);
  await page.goto('/en?basvuru=yeni&adim=3');
  await expect(page.getByRole('heading', { name: 'Your identity details' })).toBeVisible();
  const english = page.getByText('Step 3/5 · Identity');
  if (isPhone(page)) await expect(english).toBeVisible();
  else await expect(english).toBeHidden();
  await expect(page.getByRole('button', { name: 'Back', exact: true })).toHaveCount(1);
});

test('one term per field: the error says T.C. Kimlik No; the transfer summary names the field, once in English', { tag: '@phone' }, async ({ page }) => {
  await startAtIdentity(page);
  const tc = page.getByLabel('T.C. Kimlik No');
  await tc.fill('1234');
  await page.getByRole('button', { name: 'İletişim Bilgilerini Ekle' }).click();
  await expect(tc).toHaveAccessibleDescription(/Vatandaşlık Numarası Hatalı T\.C\. Kimlik No 11 haneden oluşur; eksiksiz ve doğru yazın\.$/);
  await expect(page.getByRole('link', { name: 'T.C. Kimlik No' })).toBeVisible();

  await page.goto('/en?basvuru=transfer&adim=1');
  const field = page.getByLabel('Service number');
  await field.fill('123');
  await page.getByRole('button', { name: 'Add address details' }).click();
  await expect(field).toHaveAccessibleDescription(/Invalid service number The service number must contain digits only and have at least 5 digits\.$/);
  await expect(page.getByRole('link', { name: 'Service number' })).toHaveAttribute('href', /service-number$/);
  await expect(page.getByText('Invalid service number')).toHaveCount(1);
});

test('the English home says its campaign in English, Turkish only where marked lang="tr"', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/en');
  const banner = page.getByRole('complementary', { name: 'Campaign' });
  await expect(banner.getByRole('heading', { name: 'Welcome discount' })).toBeVisible();
  await expect(banner).toContainText(/get 30 TL off every month for 3 months!/);
  await expect(banner).toContainText('30 TL3 months off');
  await expect(banner.locator('img')).toHaveCount(0);
  // Every text node the page shows, outside elements marked Turkish: no Turkish letter in any.
  const turkish = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, template, [lang="tr"], [hidden]')) continue;
      if (/[çğıİöşüÇĞÖŞÜ]/.test(node.textContent ?? '')) found.push(node.textContent!.trim());
    }
    return found;
  });
  expect(turkish).toEqual([]);
  await expect(page.getByRole('contentinfo').locator('[lang="tr"]').first()).toBeVisible();
});

test('the footer: support line, legal name and address, the legal texts\' links in both languages, the version last', { tag: '@phone' }, async ({ page }) => {
  test.slow();
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: '0850 000 00 00' })).toHaveAttribute('href', 'tel:+908500000000');
  await expect(footer).toContainText('Hat İnternet Telekomünikasyon A.Ş.');
  await expect(footer.locator('address')).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Nasıl Başvuru Yapılır ?' })).toHaveAttribute('href', '/nasil-yapilir');
  await expect(footer.locator('p').last()).toHaveText(/^Sürüm /);
  await footer.getByRole('link', { name: 'Ön Bilgilendirme Formu ve Mesafeli Sözleşme' }).click();
  await expect(page).toHaveURL(/\/yasal#sozlesme$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Yasal Metinler' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Ön Bilgilendirme Formu ve Mesafeli Sözleşme' })).toBeInViewport();
  await page.getByRole('contentinfo').getByRole('link', { name: 'KVKK Aydınlatma Metni' }).click();
  await expect(page).toHaveURL(/\/yasal#kvkk$/);
  await expect(page.getByRole('region', { name: 'KVKK Aydınlatma Metni' })).toContainText('6698 sayılı Kişisel Verilerin Korunması Kanunu');
  await expectNoAxeViolations(page);

  await page.goto('/en');
  await expect(footer.getByRole('link', { name: 'How do I apply?' })).toHaveAttribute('href', '/en/how-to');
  await footer.getByRole('link', { name: 'Personal data notice (KVKK)' }).click();
  await expect(page).toHaveURL(/\/en\/legal#kvkk$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Legal texts' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Personal data notice (KVKK)' })).toBeInViewport();
  await expect(page.getByRole('main').locator('dd[lang="tr"]')).toHaveCount(2);
});

test('a profile with one tab draws it at its own width; the upload group\'s title sits inside its box', { tag: '@phone' }, async ({ page }) => {
  test.slow();
  const customer = await registerCustomer(page.request);
  await page.goto('/');
  await headerNav(page).getByRole('button', { name: customer.name }).click();
  const profile = page.getByRole('dialog', { name: 'Hesabım' });
  const tab = profile.getByRole('tab');
  // The profile's data first (a loaded machine can take its time).
  await expect(tab).toHaveText(['Kimlik Bilgileri'], { timeout: 30_000 });
  const [tabBox, listBox] = [await tab.boundingBox(), await profile.getByRole('tablist').boundingBox()];
  expect(tabBox!.width).toBeLessThan(listBox!.width / 2);
  const group = profile.getByRole('group', { name: 'Kimliğinizin ön ve arka yüzünü yükleyin' });
  const [groupBox, titleBox] = [await group.boundingBox(), await group.locator('legend').boundingBox()];
  // Below the box's top border (1 px), not on it.
  expect(titleBox!.y).toBeGreaterThan(groupBox!.y + 4);
  await expectNoAxeViolations(page);
});
