import { expect, type Locator, type Page, test } from '@playwright/test';
import { FIXTURE_CUSTOMERS } from '@/sandbox/fixtures';
import { expectNoAxeViolations } from './support/axe';
import { withLock } from './support/lock';
import { latestCode, sandbox } from './support/sandbox';
import { openHeaderMenu } from './support/header';

type Customer = (typeof FIXTURE_CUSTOMERS)[keyof typeof FIXTURE_CUSTOMERS];

/** A TC kimlik no with a valid checksum that no fixture customer has. */
function unknownNationalityNumber(): string {
  const d = [9, 8, 7, 6, 5, 4, 3, 2, 1];
  const tenth = (((7 * (d[0]! + d[2]! + d[4]! + d[6]! + d[8]!) - (d[1]! + d[3]! + d[5]! + d[7]!)) % 10) + 10) % 10;
  const eleventh = [...d, tenth].reduce((sum, n) => sum + n, 0) % 10;
  return [...d, tenth, eleventh].join('');
}

async function outboxCount(phone: string): Promise<number> {
  const { data } = await sandbox<{ data: unknown[] }>(`/__sandbox/outbox?to=${encodeURIComponent(phone)}`);
  return data.length;
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Ana menü' });
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

/** Marks the window, so a test can tell the page was not reloaded. */
async function markWindow(page: Page) {
  await page.evaluate(() => ((window as unknown as { e2eMarker: string }).e2eMarker = 'same-page'));
}
async function expectSameWindow(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { e2eMarker?: string }).e2eMarker)).toBe('same-page');
}

/** Step 1 and step 2 of the SMS login inside `scope`, with the customer's real code. */
async function logIn(scope: Locator, customer: Customer, labels = { tc: 'TC Kimlik No', start: 'Giriş Yap', code: 'SMS Kodu', confirm: 'Kodu Onayla' }) {
  await scope.getByLabel(labels.tc).fill(customer.nationality_number);
  await scope.getByRole('button', { name: labels.start }).click();
  await expect(scope.getByLabel(labels.code)).toBeFocused();
  await scope.getByLabel(labels.code).fill(await latestCode(customer.phone));
  await scope.getByRole('button', { name: labels.confirm }).click();
}

test.describe('contact form popup', () => {
  test('§4 contact form: after success the submit is disabled and the success text shows; §5 contact form: phone mask +90 (___) ___ __ __', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/');
    await (await openHeaderMenu(page)).getByRole('button', { name: 'İletişim Formu' }).click();
    const popup = dialog(page, 'İletişim Formu');
    await expect(popup).toBeVisible();
    await expect(popup.getByLabel('Ad Soyad')).toBeFocused();
    const phone = popup.getByLabel('Telefon Numarası');
    await expect(phone).toHaveAttribute('placeholder', '+90 (___) ___ __ __');
    await expectNoAxeViolations(page);

    await popup.getByLabel('Ad Soyad').fill('Deniz Arslan');
    await phone.pressSequentially('5321234567');
    await expect(phone).toHaveValue('+90 (532) 123 45 67');
    await popup.getByLabel('Mesajınız').fill('Fiber altyapısı hakkında bilgi almak istiyorum.');
    await popup.getByRole('button', { name: 'Gönder' }).click();

    await expect(popup.getByRole('status').filter({ hasText: 'Talebiniz' })).toHaveText('Talebiniz alınmıştır. En kısa sürede sizinle iletişime geçeceğiz.');
    await expect(popup.getByRole('button', { name: 'Gönder' })).toBeDisabled();
    await expectNoAxeViolations(page);
  });

  test('§5 contact form: fullname required, at most 100 characters; §5 contact form: phone required, in the phone pattern', async ({ page }) => {
    await page.goto('/');
    await (await openHeaderMenu(page)).getByRole('button', { name: 'İletişim Formu' }).click();
    const popup = dialog(page, 'İletişim Formu');
    await popup.getByLabel('Telefon Numarası').pressSequentially('53212');
    await popup.getByLabel('Mesajınız').fill('Lütfen akşam arayın.');
    await popup.getByRole('button', { name: 'Gönder' }).click();

    await expect(popup.getByLabel('Ad Soyad')).toHaveAccessibleDescription('Lütfen adınızı ve soyadınızı yazın (en fazla 100 karakter).');
    await expect(popup.getByText('Numara Hatalı')).toBeVisible();
    await expect(popup.getByLabel('Telefon Numarası')).toHaveAccessibleDescription(/Lütfen telefon numaranızı kontrol edin\.$/);
    await expect(popup.getByLabel('Mesajınız')).not.toHaveAttribute('aria-invalid');
    await expect(popup.getByLabel('Ad Soyad')).toBeFocused();
    await expect(popup.getByLabel('Ad Soyad')).toHaveAttribute('aria-invalid', 'true');
    await expect(popup.getByLabel('Telefon Numarası')).toHaveValue('+90 (532) 12');
    await expect(popup.getByLabel('Mesajınız')).toHaveValue('Lütfen akşam arayın.');
    await expectNoAxeViolations(page);

    // 101 characters are too many, 100 are not.
    await popup.getByLabel('Ad Soyad').fill('x'.repeat(101));
    await popup.getByLabel('Telefon Numarası').pressSequentially('34567');
    await popup.getByRole('button', { name: 'Gönder' }).click();
    await expect(popup.getByLabel('Ad Soyad')).toHaveAccessibleDescription('Lütfen adınızı ve soyadınızı yazın (en fazla 100 karakter).');
    await expect(popup.getByText('Numara Hatalı')).toBeHidden();
    await expect(popup.getByLabel('Telefon Numarası')).not.toHaveAttribute('aria-invalid');
    await popup.getByLabel('Ad Soyad').fill('x'.repeat(100));
    await expect(popup.getByLabel('Ad Soyad')).not.toHaveAttribute('aria-invalid');

    await popup.getByLabel('Ad Soyad').fill('Deniz Arslan');
    await popup.getByRole('button', { name: 'Gönder' }).click();
    await expect(popup.getByRole('button', { name: 'Gönder' })).toBeDisabled();
    await expect(popup.getByLabel('Mesajınız')).toHaveValue('Lütfen akşam arayın.');
  });

  test('§8 network failure: Sunucuya erişilemiyor; §8 generic failure: the catalogue text when the server gives none; the loader hides and the form is kept', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/forms/contact-form', async (route) => {
      await held;
      await route.abort('connectionrefused');
    });
    await (await openHeaderMenu(page)).getByRole('button', { name: 'İletişim Formu' }).click();
    const popup = dialog(page, 'İletişim Formu');
    await popup.getByLabel('Ad Soyad').fill('Deniz Arslan');
    await popup.getByLabel('Telefon Numarası').pressSequentially('5321234567');
    await popup.getByRole('button', { name: 'Gönder' }).click();
    // The loading overlay shows while the call runs...
    await expect(page.getByRole('status').filter({ hasText: 'Yükleniyor…' })).toHaveCount(1);
    release();

    // ...and is gone once it failed.
    const error = page.getByRole('alertdialog', { name: 'Bir Hata Oluştu' });
    await expect(error).toHaveAccessibleDescription('Sunucuya erişilemiyor. Lütfen daha sonra tekrar deneyin.');
    // No answer may pass on another try: 'Tekrar dene' has the focus, 'Tamam' closes.
    await expect(error.getByRole('button', { name: 'Tekrar dene' })).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: 'Yükleniyor' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await error.getByRole('button', { name: 'Tamam' }).click();
    await expect(error).toBeHidden();
    await expect(popup.getByRole('button', { name: 'Gönder' })).toBeFocused();
    await expect(popup.getByLabel('Ad Soyad')).toHaveValue('Deniz Arslan');

    // A server failure without a message shows the spec's generic text.
    await page.unroute('**/api/v1/forms/contact-form');
    await page.route('**/api/v1/forms/contact-form', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":false}' }));
    await popup.getByRole('button', { name: 'Gönder' }).click();
    await expect(error).toHaveAccessibleDescription('Bir hatadan dolayı işleminiz alınamamaktadır. Lütfen daha sonra tekrar deneyin.');
    await error.getByRole('button', { name: 'Tamam' }).click();
    await expect(popup.getByRole('button', { name: 'Gönder' })).toBeEnabled();
  });

  test("§8 generic failure: Bir Hata Oluştu with the server's message", async ({ page, context }) => {
    await page.goto('/');
    await (await openHeaderMenu(page)).getByRole('button', { name: 'İletişim Formu' }).click();
    const popup = dialog(page, 'İletişim Formu');
    await popup.getByLabel('Ad Soyad').fill('Deniz Arslan');
    await popup.getByLabel('Telefon Numarası').pressSequentially('5321234567');
    // The backend-for-frontend refuses with a message of its own (a page kept open past a security
    // change, say). A lost XSRF cookie no longer gets here: the client asks for a new one first.
    await page.route('**/api/v1/forms/contact-form', (route) =>
      route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ status: false, message: 'Bu istek güvenlik nedeniyle reddedildi. Lütfen sayfayı yenileyip tekrar deneyin.' }) }),
    );
    await context.clearCookies({ name: 'XSRF-TOKEN' });
    await popup.getByRole('button', { name: 'Gönder' }).click();
    const error = page.getByRole('alertdialog', { name: 'Bir Hata Oluştu' });
    await expect(error).toHaveAccessibleDescription('Bu istek güvenlik nedeniyle reddedildi. Lütfen sayfayı yenileyip tekrar deneyin.');
    await error.getByRole('button', { name: 'Tamam' }).click();
    await expect(error).toBeHidden();
    await expect(popup.getByLabel('Ad Soyad')).toHaveValue('Deniz Arslan');
    await expect(popup.getByRole('button', { name: 'Gönder' })).toBeEnabled();
  });

  test('is used by keyboard alone: Tab, Enter, Escape, and focus goes back to the opener', async ({ page }) => {
    await page.goto('/');
    const opener = (await openHeaderMenu(page)).getByRole('button', { name: 'İletişim Formu' });
    for (let i = 0; i < 15 && !(await opener.evaluate((element) => element === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(opener).toBeFocused();
    await page.keyboard.press('Enter');
    const popup = dialog(page, 'İletişim Formu');
    await expect(popup.getByLabel('Ad Soyad')).toBeFocused();
    await page.keyboard.type('Deniz Arslan');
    await page.keyboard.press('Tab');
    await expect(popup.getByLabel('Telefon Numarası')).toBeFocused();
    await page.keyboard.type('5321234567');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Klavye ile gönderildi.');
    // The KVKK notice's link, then the button.
    await page.keyboard.press('Tab');
    await expect(popup.getByRole('button', { name: 'KVKK Aydınlatma Metni' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(popup.getByRole('button', { name: 'Gönder' })).toBeFocused();

    // The page behind is inert: Tab moves within the popup (or out to the browser's own controls).
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await popup.evaluate((element) => element.contains(document.activeElement) || document.activeElement === document.body)).toBe(true);
    }
    await popup.getByRole('button', { name: 'Gönder' }).focus();
    await page.keyboard.press('Enter');
    await expect(popup.getByText('Talebiniz alınmıştır.')).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
    await expect(opener).toBeFocused();
  });
});

test.describe('login', () => {
  test('§4 login: TC kimlik no, then the SMS code, logs in; the inquiry popup lists the applications with their labels and the header shows the name without a reload', { tag: '@phone' }, async ({ page }) => {
    // A login, two accessibility scans and a second page load: more than the default minute on a busy machine.
    test.slow();
    const customer = FIXTURE_CUSTOMERS.approved;
    await page.goto('/');
    await markWindow(page);
    await nav(page).getByRole('button', { name: 'Başvuru Sorgulama' }).click();
    const popup = dialog(page, 'Başvuru Sorgulama');
    await expect(popup.getByLabel('TC Kimlik No')).toBeFocused();
    await expect(popup.getByLabel('TC Kimlik No')).toHaveAttribute('inputmode', 'numeric');
    await expectNoAxeViolations(page);

    await withLock(customer.nationality_number, async () => {
      await logIn(popup, customer);
      await expect(popup.getByRole('heading', { name: 'Başvurularınız' })).toBeFocused();
    });
    const applications = popup.getByRole('listitem');
    await expect(applications).toHaveCount(3);
    // Newest first, each with its status label (spec §4).
    await expect(applications.nth(0)).toContainText('Durum: Müşteri Karşılama Sürecinde');
    await expect(applications.nth(1)).toContainText('Durum: e-Devlet Onayı Bekleniyor');
    await expect(applications.nth(1)).toContainText('Transfer Başvurusu');
    await expect(applications.nth(2)).toContainText('Durum: Abonelik Başladı');
    await expect(popup).toHaveAttribute('data-size', 'big');
    await expectNoAxeViolations(page);

    const name = nav(page).getByRole('button', { name: 'Ayşe Yılmaz' });
    await expect(name).toBeVisible();
    expect(Number(await name.evaluate((element) => getComputedStyle(element).fontWeight))).toBeGreaterThanOrEqual(700);
    await expect(nav(page).getByRole('button', { name: 'Başvuru Sorgulama' })).toHaveCount(0);
    await expectSameWindow(page);

    // The opener is gone; focus goes to what took its place in the header.
    await popup.getByRole('button', { name: 'Kapat', exact: true }).click();
    await expect(popup).toBeHidden();
    await expect(name).toBeFocused();

    // The server rendered the session too: after a reload the name is in the first HTML.
    const html = await (await page.request.get('/')).text();
    expect(html).toContain('Ayşe Yılmaz');
  });

  test('logs in by keyboard alone from the header, and Escape hands focus to the name that replaced the button', async ({ page }) => {
    const customer = FIXTURE_CUSTOMERS.approved;
    await page.goto('/');
    const opener = nav(page).getByRole('button', { name: 'Başvuru Sorgulama' });
    for (let i = 0; i < 20 && !(await opener.evaluate((element) => element === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(opener).toBeFocused();
    await page.keyboard.press('Enter');
    const popup = dialog(page, 'Başvuru Sorgulama');
    await expect(popup.getByLabel('TC Kimlik No')).toBeFocused();
    await withLock(customer.nationality_number, async () => {
      await page.keyboard.type(customer.nationality_number);
      await page.keyboard.press('Enter');
      await expect(popup.getByLabel('SMS Kodu')).toBeFocused();
      await page.keyboard.type(await latestCode(customer.phone));
      await page.keyboard.press('Enter');
      await expect(popup.getByRole('heading', { name: 'Başvurularınız' })).toBeFocused();
    });
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
    await expect(nav(page).getByRole('button', { name: 'Ayşe Yılmaz' })).toBeFocused();
  });

  test('the home page login form logs a returning customer in', { tag: '@phone' }, async ({ page }) => {
    const customer = FIXTURE_CUSTOMERS.underApproval;
    await page.goto('/');
    await markWindow(page);
    const form = page.getByRole('region', { name: 'Müşteri Girişi' });
    await expect(form.getByLabel('TC Kimlik No')).toBeVisible();
    await withLock(customer.nationality_number, () => logIn(form, customer));
    await expect(nav(page).getByRole('button', { name: 'Zeynep Kaya' })).toBeVisible();
    await expect(form).toHaveCount(0);
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Hoş geldiniz, Zeynep Kaya.' });
    await expect(toast).toBeVisible();
    await expectSameWindow(page);
    await expect.poll(() => toast.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
    await expectNoAxeViolations(page);
  });

  test('the home page login loads its code on first use and keeps what was typed before it arrived', async ({ page }) => {
    const customer = FIXTURE_CUSTOMERS.underApproval;
    await page.goto('/');
    // Everything the page loads by itself has arrived: no request for half a second (Playwright's networkidle).
    await page.waitForLoadState('networkidle');
    const form = page.getByRole('region', { name: 'Müşteri Girişi' });
    // Untouched, the field is still the plain markup: the form's code names it when it takes over.
    await expect(form.getByLabel('TC Kimlik No')).not.toHaveAttribute('name');
    const loaded = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => name.includes('/_next/static/chunks/')),
    );
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });

    // From now on scripts are held until the number is typed and sent: the form's code is not there yet.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_next/static/chunks/**', async (route) => {
      await held;
      await route.continue();
    });
    await withLock(customer.nationality_number, async () => {
      await form.getByLabel('TC Kimlik No').fill(customer.nationality_number);
      await form.getByRole('button', { name: 'Giriş Yap' }).click();
      // The first touch fetches code the page had not loaded before: the form's own.
      await expect.poll(() => scripts.filter((url) => !loaded.includes(url)).length).toBeGreaterThan(0);
      release();
      await expect(form.getByLabel('SMS Kodu')).toBeFocused({ timeout: 15_000 });
      await form.getByLabel('SMS Kodu').fill(await latestCode(customer.phone));
      await form.getByRole('button', { name: 'Kodu Onayla' }).click();
    });
    await expect(nav(page).getByRole('button', { name: 'Zeynep Kaya' })).toBeVisible();
  });

  test('keys typed while the home page login form takes over are all kept', async ({ page }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const field = page.getByRole('region', { name: 'Müşteri Girişi' }).getByLabel('TC Kimlik No');
    // Typing at full speed from the first touch: the form's code arrives in the middle of it.
    await field.click();
    await page.keyboard.type('12345678901');
    await expect(field).toHaveAttribute('name', 'nationality_number');
    await expect(field).toHaveValue('12345678901');
    await expect(field).toBeFocused();
  });

  test('§5 national ID: 11 digits with checksum; §5 login SMS code: 6 digits; a wrong code is refused; §2 login: the TC kimlik no field takes 11 digits and nothing else', async ({ page }) => {
    const customer = FIXTURE_CUSTOMERS.underApproval;
    await page.goto('/#giris');
    const popup = dialog(page, 'Giriş Yap');
    await expect(popup).toBeVisible();
    const tc = popup.getByLabel('TC Kimlik No');
    await expect(tc).toBeFocused();

    // Typed as a person types: letters, a space and a dash are not taken, nor a twelfth digit.
    await tc.pressSequentially('1a2 3-4567890123');
    await expect(tc).toHaveValue('12345678901');
    await tc.fill('');

    // Not 11 digits, then 11 whose checksum is wrong: refused before any call, the latter with a text of its own.
    await tc.fill('1234567890');
    await popup.getByRole('button', { name: 'Giriş Yap' }).click();
    await expect(popup.getByText('TC Kimlik Numarası Hatalı')).toBeVisible();
    await expect(popup.getByText('TC kimlik numarası uygun değil. Lütfen kontrol edin.')).toBeVisible();
    await tc.fill('12345678901');
    await popup.getByRole('button', { name: 'Giriş Yap' }).click();
    await expect(popup.getByText('TC Kimlik Numarası Hatalı')).toBeVisible();
    await expect(popup.getByText('Bu numara geçerli bir TC kimlik numarası değil. Rakamları tek tek kontrol edin.')).toBeVisible();
    await expect(tc).toHaveValue('12345678901');
    await expectNoAxeViolations(page);

    // Valid but unknown: the server's message at the field.
    await tc.fill(unknownNationalityNumber());
    await popup.getByRole('button', { name: 'Giriş Yap' }).click();
    await expect(popup.getByText('Bu TC kimlik numarasına ait bir kayıt bulunamadı.')).toBeVisible();
    await expect(tc).toBeFocused();

    await withLock(customer.nationality_number, async () => {
      await tc.fill(customer.nationality_number);
      await popup.getByRole('button', { name: 'Giriş Yap' }).click();
      const code = popup.getByLabel('SMS Kodu');
      await expect(code).toBeFocused();
      await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
      await expect(code).toHaveAttribute('inputmode', 'numeric');
      await expect(popup.getByText('Giriş kodu telefonunuza SMS olarak gönderildi.')).toBeVisible();

      await code.fill('123');
      await popup.getByRole('button', { name: 'Kodu Onayla' }).click();
      await expect(popup.getByText('SMS Kodu Hatalı')).toBeVisible();
      await expect(popup.getByText('Lütfen SMS kodunuzu doğru ve eksiksiz olarak yazın.')).toBeVisible();

      const real = await latestCode(customer.phone);
      const wrong = `${(Number(real[0]) + 1) % 10}${real.slice(1)}`;
      await code.fill(wrong);
      await popup.getByRole('button', { name: 'Kodu Onayla' }).click();
      await expect(popup.getByText('SMS onay kodu hatalı. Lütfen kodu kontrol edin.')).toBeVisible();
      await expect(code).toHaveValue(wrong);
      await expect(code).toBeFocused();
      await expectNoAxeViolations(page);

      await code.fill(real);
      await popup.getByRole('button', { name: 'Kodu Onayla' }).click();
    });
    await expect(popup).toBeHidden();
    await expect(nav(page).getByRole('button', { name: 'Zeynep Kaya' })).toBeVisible();
  });

  test('§8 login failure: the login variant of the text', async ({ page }) => {
    await page.goto('/#giris');
    const popup = dialog(page, 'Giriş Yap');
    // The upstream fails without a message; no code is sent, so no lock is needed.
    await page.route('**/api/v1/customers/auth-start', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":false}' }));
    await popup.getByLabel('TC Kimlik No').fill(FIXTURE_CUSTOMERS.underApproval.nationality_number);
    await popup.getByRole('button', { name: 'Giriş Yap' }).click();
    const error = page.getByRole('alertdialog', { name: 'Bir Hata Oluştu' });
    await expect(error).toHaveAccessibleDescription('Bir hata oluştu. Lütfen daha sonra tekrar deneyin.');
    await expectNoAxeViolations(page);
    await error.getByRole('button', { name: 'Tamam' }).click();
    await expect(error).toBeHidden();
    await expect(popup.getByLabel('TC Kimlik No')).toHaveValue(FIXTURE_CUSTOMERS.underApproval.nationality_number);
    await expect(popup.getByLabel('SMS Kodu')).toHaveCount(0);
  });

  test('the resend link counts down 60 seconds before a new code can be asked for (the page alone; e2e/code-limits.spec.ts runs it with the real rule)', async ({ page }) => {
    const customer = FIXTURE_CUSTOMERS.notSent;
    await page.clock.install();
    await page.goto('/#giris');
    const popup = dialog(page, 'Giriş Yap');
    await withLock(customer.nationality_number, async () => {
      await popup.getByLabel('TC Kimlik No').fill(customer.nationality_number);
      await popup.getByRole('button', { name: 'Giriş Yap' }).click();
      const resend = popup.getByRole('button', { name: 'Kodu yeniden gönder' });
      await expect(resend).toHaveAttribute('aria-disabled', 'true');
      await expect(popup.getByText(/^(60|5\d) saniye sonra yeniden kod isteyebilirsiniz\.$/)).toBeVisible();
      const sent = await outboxCount(customer.phone);

      // Too early: nothing is sent (aria-disabled keeps it focusable, so force the click).
      await resend.click({ force: true });
      expect(await outboxCount(customer.phone)).toBe(sent);

      await page.clock.fastForward(30_000);
      await expect(popup.getByText(/^(30|2\d) saniye sonra/)).toBeVisible();
      await page.clock.fastForward(31_000);
      await expect(resend).toHaveAttribute('aria-disabled', 'false');
      await expect(popup.getByText(/saniye sonra yeniden kod/)).toHaveCount(0);

      await resend.click();
      await expect(popup.getByText('Yeni bir SMS kodu gönderildi.')).toBeVisible();
      await expect.poll(() => outboxCount(customer.phone)).toBe(sent + 1);
      await expect(resend).toHaveAttribute('aria-disabled', 'true');
      await expect(popup.getByLabel('SMS Kodu')).toBeFocused();

      // The new code logs in.
      await popup.getByLabel('SMS Kodu').fill(await latestCode(customer.phone));
      await popup.getByRole('button', { name: 'Kodu Onayla' }).click();
    });
    await expect(popup).toBeHidden();
    await expect(nav(page).getByRole('button', { name: 'Mehmet Demir' })).toBeVisible();
  });

  test('the login popup closes with Escape and hands focus back to the opener', async ({ page }) => {
    await page.goto('/');
    const opener = nav(page).getByRole('button', { name: 'Başvuru Sorgulama' });
    await opener.click();
    const popup = dialog(page, 'Başvuru Sorgulama');
    await expect(popup.getByLabel('TC Kimlik No')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
    await expect(opener).toBeFocused();

    // The change-number link goes back to the first step with the number kept.
    await opener.click();
    await popup.getByLabel('TC Kimlik No').fill('12345678901');
    await popup.getByRole('button', { name: 'Kapat', exact: true }).click();
    await expect(popup).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('speaks English on /en', async ({ page }) => {
    await page.goto('/en#login');
    const popup = dialog(page, 'Log in');
    await expect(popup).toBeVisible();
    const tc = popup.getByLabel('Turkish ID number');
    await expect(tc).toBeFocused();
    await tc.fill('1234567890');
    await popup.getByRole('button', { name: 'Log in' }).click();
    await expect(popup.getByText('Invalid Turkish ID number')).toBeVisible();
    await expect(popup.getByText('The Turkish ID number is not valid. Please check it.')).toBeVisible();
    await tc.fill('12345678901');
    await popup.getByRole('button', { name: 'Log in' }).click();
    await expect(popup.getByText('This is not a valid Turkish ID number. Check the digits one by one.')).toBeVisible();
    await expectNoAxeViolations(page);
    await popup.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(popup).toBeHidden();

    await (await openHeaderMenu(page)).getByRole('button', { name: 'Contact form' }).click();
    const contact = dialog(page, 'Contact form');
    await contact.getByRole('button', { name: 'Send' }).click();
    await expect(contact.getByText('Please enter your name and surname (at most 100 characters).')).toBeVisible();
    await expect(contact.getByText('Invalid number')).toBeVisible();
  });
});
