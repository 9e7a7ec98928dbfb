import { expect, type Locator, type Page, test } from '@playwright/test';
import { FIXTURE_CUSTOMERS } from '@/sandbox/fixtures';
import { openHeaderMenu } from './support/header';
import { latestCode, sandbox } from './support/sandbox';
import { closedPort, type RunningSandbox, type RunningSite, startSandbox, startSite } from './support/servers';
import { acceptConsents } from './support/consents';
import { randomNationalityNumber } from './support/people';
import { startAtAddress, startAtIdentity, startReadyToFile } from './support/flow-state';

/**
 * Every call shows progress, and a slow upstream is told and bounded (API_TIMEOUT_MS): a site and
 * sandbox of their own, since the sandbox's delay slows every answer it gives.
 */
test.describe.configure({ mode: 'serial' });
// Each test waits out a slow upstream or its bound: more than the default minute on a busy machine.
test.slow();

let upstream: RunningSandbox;
let site: RunningSite;
const TIMEOUT_MS = 6000;

test.beforeAll(async () => {
  upstream = await startSandbox();
  site = await startSite(await closedPort(), {
    API_BASE_URL: upstream.url,
    SESSION_SECRET: 's'.repeat(40),
    SESSION_COOKIE_SECURE: 'false',
    SETTINGS_CACHE_SECONDS: '0',
    API_TIMEOUT_MS: String(TIMEOUT_MS),
  });
});
test.afterAll(async () => {
  await site?.stop();
  await upstream?.stop();
});
test.afterEach(() => sandbox('/__sandbox/slow', { ms: 0 }, upstream.url));

/** This site's sandbox and the site, for the helpers that reach a step through the real calls. */
const here = () => ({ base: site.url, sandboxBase: upstream.url });

/** The address step with door 3 chosen (the cascade is application.spec.ts's), nothing sent yet. */
async function atAddress(page: Page) {
  await startAtAddress(page, 'Daire 3', here());
  await expect(page.getByText('Altyapınız 100 Mbps hıza kadar destekliyor.')).toBeVisible();
}

/** Clicks a button and sees it busy while its call runs: disabled, and said so (aria-busy). */
async function clickBusy(button: Locator) {
  await button.click();
  await expect(button).toBeDisabled();
  await expect(button).toHaveAttribute('aria-busy', 'true');
}

/**
 * A second click on a busy button, forced past its disabled state. On a loaded machine the slow call
 * may have answered already and the button moved on with its step: then there is nothing to click,
 * and the count of calls sent still tells whether it sent twice.
 */
async function clickAgain(button: Locator) {
  await button.click({ force: true, timeout: 2_000 }).catch(async (error: unknown) => {
    if ((await button.count()) > 0 && !(await button.isDisabled())) throw error;
  });
}

/** The loading overlay of spec §2 while it is shown. */
const overlay = (page: Page) => page.locator('div[aria-hidden="true"][data-active]');

test('a slow step: its button is busy and sends once, the overlay says the call is still running, then the wizard moves on', async ({ page }) => {
  await atAddress(page);
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/customers/register-step-1')) sent.push(request.method());
  });
  // The overlay says 'still running' after 3 s and the bound is TIMEOUT_MS (6 s): a 5 s call leaves
  // 2 s to see the words, and a second before the bound.
  await sandbox('/__sandbox/slow', { ms: 5000 }, upstream.url);
  const next = page.getByRole('button', { name: 'Paket Seç' });
  await clickBusy(next);
  await clickAgain(next);
  // Shown on the overlay, and said to screen readers: both looked for at once, while the call runs.
  await Promise.all([
    expect(overlay(page).getByText('İşleminiz sürüyor, lütfen bekleyin…')).toBeVisible(),
    expect(page.getByRole('status').filter({ hasText: 'İşleminiz sürüyor, lütfen bekleyin…' })).toHaveCount(1),
  ]);
  await expect(page.getByRole('heading', { name: 'Paketinizi seçin' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('İşleminiz sürüyor, lütfen bekleyin…')).toHaveCount(0);
  await expect(overlay(page)).toHaveCount(0);
  expect(sent).toEqual(['POST']);
});

test('at the bound: the timeout message with Tekrar dene, the overlay gone and the form kept; the retry moves on once the upstream answers', async ({ page }) => {
  await atAddress(page);
  await sandbox('/__sandbox/slow', { ms: TIMEOUT_MS + 3000 }, upstream.url);
  await page.getByRole('button', { name: 'Paket Seç' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Bir Hata Oluştu' });
  await expect(dialog).toContainText('Sunucu zamanında yanıt vermedi. Lütfen daha sonra tekrar deneyin.', { timeout: TIMEOUT_MS + 5000 });
  await expect(overlay(page)).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'İç Kapı No' })).toHaveValue('Daire 3');
  await sandbox('/__sandbox/slow', { ms: 0 }, upstream.url);
  await dialog.getByRole('button', { name: 'Tekrar dene' }).click();
  await expect(page.getByRole('heading', { name: 'Paketinizi seçin' })).toBeVisible();
});

test('the contact form at the bound: Tekrar dene sends what was typed again', async ({ page }) => {
  await page.goto(`${site.url}/`);
  await (await openHeaderMenu(page)).getByRole('button', { name: 'İletişim Formu' }).click();
  const form = page.getByRole('dialog', { name: 'İletişim Formu' });
  await form.getByLabel('Ad Soyad').fill('Deniz Arslan');
  await form.getByLabel('Telefon Numarası').pressSequentially('5321234567');
  await form.getByLabel('Mesajınız').fill('Yavaş bir günde bile ulaşsın.');
  await sandbox('/__sandbox/slow', { ms: TIMEOUT_MS + 3000 }, upstream.url);
  const send = form.getByRole('button', { name: 'Gönder' });
  // Busy while the call runs: it cannot send twice.
  await clickBusy(send);
  const dialog = page.getByRole('alertdialog', { name: 'Bir Hata Oluştu' });
  await expect(dialog).toContainText('Sunucu zamanında yanıt vermedi.', { timeout: TIMEOUT_MS + 5000 });
  await sandbox('/__sandbox/slow', { ms: 0 }, upstream.url);
  await dialog.getByRole('button', { name: 'Tekrar dene' }).click();
  // The upstream's own receipt (spec §4 shows its message), for what was typed before the timeout.
  await expect(form.getByText(/^Talebiniz alın/)).toBeVisible();
  await expect(form.getByLabel('Ad Soyad')).toHaveValue('Deniz Arslan');
});

test('a slow call inside a step (a campaign code): the overlay covers it and says it is still running, then the code applies', async ({ page }) => {
  // Address and package answered through their calls: the slow call here is the code's.
  await startAtIdentity(page, 'Daire 3', here());
  await page.getByLabel('T.C. Kimlik No').pressSequentially(randomNationalityNumber());
  const box = page.getByRole('region', { name: 'Kampanya veya referans kodu' });
  await box.getByRole('textbox', { name: 'Kampanya kodu', exact: true }).fill('KAMPANYA50');
  // The overlay says 'still running' after 3 s and the bound is TIMEOUT_MS (6 s): a 5 s call leaves
  // 2 s to see the words, and a second before the bound.
  await sandbox('/__sandbox/slow', { ms: 5000 }, upstream.url);
  const query = box.getByRole('button', { name: 'Sorgula', exact: true });
  await query.click();
  await expect(query).toHaveAttribute('aria-busy', 'true');
  await expect(overlay(page).getByText('İşleminiz sürüyor, lütfen bekleyin…')).toBeVisible();
  const applied = page.getByRole('alertdialog', { name: 'Kod Uygulandı' });
  await expect(applied).toBeVisible({ timeout: 15_000 });
  await expect(overlay(page)).toHaveCount(0);
});

test("a slow login: each step's button is busy while its call runs and sends once", async ({ page }) => {
  const customer = FIXTURE_CUSTOMERS.notSent;
  const started: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/customers/auth-start')) started.push(request.method());
  });
  await page.goto(`${site.url}/#giris`);
  const login = page.getByRole('dialog', { name: 'Giriş Yap' });
  await login.getByLabel('TC Kimlik No').fill(customer.nationality_number);
  await sandbox('/__sandbox/slow', { ms: 2500 }, upstream.url);
  const start = login.getByRole('button', { name: 'Giriş Yap' });
  await clickBusy(start);
  await clickAgain(start);
  const code = login.getByLabel('SMS Kodu');
  await expect(code).toBeFocused({ timeout: 15_000 });
  expect(started).toEqual(['POST']);
  await code.fill(await latestCode(customer.phone, upstream.url));
  const confirm = login.getByRole('button', { name: 'Kodu Onayla' });
  await clickBusy(confirm);
  await expect(login).toBeHidden({ timeout: 15_000 });
});

/**
 * A new application at its last button, contact verified (the earlier steps and the verifications
 * through their real calls: the filing is what these tests are about) and consents given; answers
 * the applicant and the filing calls the page sends from now on.
 */
async function readyToFile(page: Page) {
  const { person, phone } = await startReadyToFile(page, here());
  await acceptConsents(page);
  const filings: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/customers/register-step-4')) filings.push(request.method());
  });
  return { person, phone, filings };
}

test('a filing call answered after the bound: the upstream filed it, so the finish line shows its number; nothing is sent twice', async ({ page }) => {
  const { filings } = await readyToFile(page);
  // The upstream files at once and answers 3 s after the site's bound.
  await sandbox('/__sandbox/slow', { ms: TIMEOUT_MS + 3000, afterEffect: true }, upstream.url);
  await page.getByRole('button', { name: 'Kaydı Tamamla' }).click();
  // Past the bound the overlay still says it is working: no error, no 'Tekrar dene'.
  await expect(overlay(page).getByText('İşleminiz sürüyor, lütfen bekleyin…')).toBeVisible();
  // The filing call keeps the delay it came with; what follows it (the session read) is quick again.
  await sandbox('/__sandbox/slow', { ms: 0 }, upstream.url);
  await expect(page.getByRole('heading', { level: 1, name: 'Başvurunuz alındı' })).toBeVisible({ timeout: TIMEOUT_MS + 20_000 });
  await expect(page.getByText(/^Başvuru numaranız: \d+/)).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  expect(filings).toEqual(['POST']);
  // Signed in by the late answer, with the one application it filed.
  const session = await page.request.get(`${site.url}/api/session`);
  expect(((await session.json()).data.subscriptions as unknown[]).length).toBe(1);
});

test('a filing call whose answer is lost after it filed (a reset connection): one application, and the visitor logs in to see its number', async ({ page }) => {
  const { person, phone, filings } = await readyToFile(page);
  // The upstream files, then resets the connection instead of answering.
  await sandbox('/__sandbox/drop', { calls: ['registerStep4'] }, upstream.url);
  await page.getByRole('button', { name: 'Kaydı Tamamla' }).click();
  // No error and no 'Tekrar dene': it was filed, and the login (TC kimlik no filled in) brings its number.
  await expect(page.getByText('Başvurunuz alındı, ancak yanıtı bize ulaşmadı. Başvuru numaranızı görmek için giriş yapın.')).toBeVisible();
  const login = page.getByRole('dialog', { name: 'Giriş Yap' });
  await expect(login.getByLabel('TC Kimlik No')).toHaveValue(person.nationality_number);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  // The phone got its verification code a moment ago: the person waits out the 60 s resend rule.
  await sandbox('/__sandbox/clock', { advance_seconds: 61 }, upstream.url);
  await login.getByRole('button', { name: 'Giriş Yap' }).click();
  // The code box shows once the login code went out; the outbox's newest is that one, not the phone check's.
  const code = login.getByLabel('SMS Kodu');
  await expect(code).toBeVisible();
  await code.fill(await latestCode(phone, upstream.url));
  await login.getByRole('button', { name: 'Kodu Onayla' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Başvurunuz alındı' })).toBeVisible();
  await expect(page.getByText(/^Başvuru numaranız: \d+/)).toBeVisible();
  // Sent once by the page; the site's one check on the reset was refused as a used form, filing nothing.
  expect(filings).toEqual(['POST']);
  const session = await page.request.get(`${site.url}/api/session`);
  expect(((await session.json()).data.subscriptions as unknown[]).length).toBe(1);
});
