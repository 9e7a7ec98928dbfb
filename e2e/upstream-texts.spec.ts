import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { startAtIdentity } from './support/flow-state';
import { openHeaderMenu } from './support/header';
import { sandbox } from './support/sandbox';
import { closedPort, type RunningSandbox, type RunningSite, startSandbox, startSite } from './support/servers';
import { fillIdentity, newApplicant } from './support/wizard';

// What the provider's API says when it refuses, in words our catalogue does not know (every
// sandbox message is in the catalogue, so a real upstream's are stood in for by the sandbox's
// `/__sandbox/refuse` hook: the next call of one call is refused with a given status and message).
// A site and sandbox of their own, so no other test's call is the one refused.

const MAINTENANCE = 'Sistem bakımı nedeniyle bu işlem saat 02:00’ye kadar yapılamıyor.';
const GENERIC = 'Bir hatadan dolayı işleminiz alınamamaktadır. Lütfen daha sonra tekrar deneyin.';

let upstream: RunningSandbox;
let site: RunningSite;

test.beforeAll(async () => {
  upstream = await startSandbox({ SANDBOX_RESEND_SECONDS: '0' });
  site = await startSite(await closedPort(), { API_BASE_URL: upstream.url, SESSION_SECRET: 'u'.repeat(40), SESSION_COOKIE_SECURE: 'false', RATE_LIMIT_FACTOR: '1000' });
});
test.afterAll(async () => {
  await site?.stop();
  await upstream?.stop();
});

const refuseNext = (refusal: { call: string; status: number; message?: string; registered_user?: boolean; envelope?: boolean }) => sandbox('/__sandbox/refuse', refusal, upstream.url);

/** Fills the contact form on `path` and sends it; answers the popup. */
async function sendContactForm(page: Page, path: string, labels = { open: 'İletişim Formu', fullname: 'Ad Soyad', phone: 'Telefon Numarası', send: 'Gönder' }) {
  await page.goto(`${site.url}${path}`);
  await (await openHeaderMenu(page)).getByRole('button', { name: labels.open }).click();
  const popup = page.getByRole('dialog', { name: labels.open });
  await popup.getByLabel(labels.fullname).fill('Deniz Arslan');
  await popup.getByLabel(labels.phone).pressSequentially('5321234567');
  await popup.getByRole('button', { name: labels.send }).click();
  return popup;
}

test('§8 generic failure: a refusal in words our catalogue does not know shows them as sent, as text, at most 300 characters', { tag: '@phone' }, async ({ page }) => {
  await refuseNext({ call: 'contactForm', status: 422, message: MAINTENANCE });
  const popup = await sendContactForm(page, '/');
  const error = page.getByRole('alertdialog', { name: 'Bir Hata Oluştu' });
  await expect(error).toHaveAccessibleDescription(MAINTENANCE);
  await expectNoAxeViolations(page);
  await error.getByRole('button', { name: 'Tamam' }).click();
  await expect(popup.getByLabel('Ad Soyad')).toHaveValue('Deniz Arslan');

  // Markup stays characters; a long message is cut to 300 characters, the last an ellipsis.
  const long = `<b>Kalın</b> ${'x'.repeat(2_000)}`;
  await refuseNext({ call: 'contactForm', status: 400, message: long });
  await popup.getByRole('button', { name: 'Gönder' }).click();
  const description = error.locator('p').first();
  await expect(description).toHaveText(`${long.slice(0, 299)}…`);
  await expect(error.locator('b')).toHaveCount(0);
});

test('§8 generic failure: on an English page the provider’s own words come under an English title and one English sentence', async ({ page }) => {
  await refuseNext({ call: 'contactForm', status: 422, message: MAINTENANCE });
  await sendContactForm(page, '/en', { open: 'Contact form', fullname: 'Full name', phone: 'Phone number', send: 'Send' });
  const error = page.getByRole('alertdialog', { name: 'An error occurred' });
  await expect(error).toHaveAccessibleDescription(`The provider’s system sent this message: ${MAINTENANCE}`);
});

test('§8 generic failure: server trouble, an answer outside the envelope and a refusal without words show the catalogue’s text, never the upstream’s', async ({ page }) => {
  await refuseNext({ call: 'contactForm', status: 503, message: 'SQLSTATE[HY000] at db-7.internal:5432' });
  const popup = await sendContactForm(page, '/');
  const error = page.getByRole('alertdialog', { name: 'Bir Hata Oluştu' });
  await expect(error).toHaveAccessibleDescription(GENERIC);
  await error.getByRole('button', { name: 'Tamam' }).click();

  await refuseNext({ call: 'contactForm', status: 502, message: 'nginx: upstream db-7 refused', envelope: false });
  await popup.getByRole('button', { name: 'Gönder' }).click();
  await expect(error).toHaveAccessibleDescription(GENERIC);
  await error.getByRole('button', { name: 'Tamam' }).click();

  // A refusal with no words: the spec's fallback, not 'Gönderilen bilgiler eksik veya hatalı.'.
  await refuseNext({ call: 'contactForm', status: 422 });
  await popup.getByRole('button', { name: 'Gönder' }).click();
  await expect(error).toHaveAccessibleDescription(GENERIC);
});

test('§8 registered_user at step 3: the popup shows the upstream’s words, or its own text when there are none or only a generic fallback; §9 confirm dialog: OK and Cancel texts', async ({ page }) => {
  test.slow();
  await startAtIdentity(page, 'Daire 2', { base: site.url, sandboxBase: upstream.url });
  await fillIdentity(page, newApplicant());
  const dialog = page.getByRole('alertdialog', { name: 'Kayıtlı Kullanıcı' });
  const send = async (refusal: { message?: string }) => {
    await refuseNext({ call: 'registerStep3', status: 409, registered_user: true, ...refusal });
    await page.getByRole('button', { name: 'İletişim Bilgilerini Ekle' }).click();
    await page.getByRole('button', { name: 'Eklemeden Devam Et' }).click();
    await expect(dialog).toBeVisible();
  };

  const words = 'Bu kimlik numarasıyla açık bir başvurunuz var; yeni başvuru için müşteri hizmetlerini arayın.';
  await send({ message: words });
  await expect(dialog.locator('p').first()).toHaveText(words);
  await dialog.getByRole('button', { name: 'Vazgeç' }).click();

  for (const message of [undefined, 'Bir hata oluştu', GENERIC]) {
    await send(message === undefined ? {} : { message });
    await expect(dialog.locator('p').first(), String(message)).toHaveText('Bu TC kimlik numarası ile daha önce kayıt oluşturulmuş.');
    await expect(dialog).toContainText('Tek bir hesapla tüm aboneliklerinizi görüntüleyebilirsiniz.');
    await dialog.getByRole('button', { name: 'Vazgeç' }).click();
  }
  // The same step's other refusal: the error dialog, closed with 'Tamam' (the confirm dialog's OK; 'Vazgeç' is its Cancel).
  await refuseNext({ call: 'registerStep3', status: 422, message: MAINTENANCE });
  await page.getByRole('button', { name: 'İletişim Bilgilerini Ekle' }).click();
  await page.getByRole('button', { name: 'Eklemeden Devam Et' }).click();
  const error = page.getByRole('alertdialog', { name: 'Bir Hata Oluştu' });
  await expect(error).toHaveAccessibleDescription(MAINTENANCE);
  await error.getByRole('button', { name: 'Tamam' }).click();
  await expect(error).toBeHidden();
  await expect(page.getByLabel('Ad', { exact: true })).not.toHaveValue('');
});
