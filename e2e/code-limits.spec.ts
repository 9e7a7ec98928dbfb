import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { maskPhone } from '@/lib/domain/mask';
import { FIXTURE_CUSTOMERS } from '@/sandbox/fixtures';
import { apiLogin } from './support/api';
import { randomPhone } from './support/people';
import { latestCode, outbox, sandbox } from './support/sandbox';
import { closedPort, type RunningSandbox, type RunningSite, startSandbox, startSite } from './support/servers';
import { phoneDigits, reachContact } from './support/wizard';

/*
 * The one-time-code rules with their real settings. The main run relaxes them for everyone
 * (playwright.config.ts: fixture customers log in dozens of times a run), so these tests start a
 * sandbox and a site of their own: the sandbox's 60-second resend rule
 * (docs/decisions/0011-embedded-sandbox-upstream.md) and the
 * site's default limits of 5 code requests per phone, mail or TC number and 20 per client in
 * 10 minutes (docs/operations.md, limits). Nothing waits for real minutes: the sandbox's clock hook
 * and the page's
 * clock move together, by the same minute.
 */
const test = base.extend<{ sandboxURL: string }, { servers: { site: RunningSite; sandbox: RunningSandbox } }>({
  servers: [
    async ({}, provide) => {
      const codes = await startSandbox({ SANDBOX_RESEND_SECONDS: '60' });
      const site = await startSite(await closedPort(), {
        API_BASE_URL: codes.url,
        SESSION_SECRET: 'c'.repeat(40),
        SESSION_COOKIE_SECURE: 'false',
        RATE_LIMIT_CODES_PER_IP: '20',
        RATE_LIMIT_CODES_PER_TARGET: '5',
      }).catch(async (error: unknown) => {
        await codes.stop();
        throw error;
      });
      await provide({ site, sandbox: codes });
      await site.stop();
      await codes.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ servers }, provide) => provide(servers.site.url),
  sandboxURL: async ({ servers }, provide) => provide(servers.sandbox.url),
});

// One site and one sandbox for the file, whose limits and clock these tests spend in turn.
test.describe.configure({ mode: 'serial' });

/** A minute (or more) passes, for the sandbox and for the page alike. */
async function pass(page: Page, sandboxURL: string, seconds: number) {
  await sandbox('/__sandbox/clock', { advance_seconds: seconds }, sandboxURL);
  await page.clock.fastForward(seconds * 1000);
}

/** The seconds a refusal names, checked to be a real wait within `max`. */
async function waitNamed(message: Locator, pattern: RegExp, max: number): Promise<number> {
  await expect(message).toHaveText(pattern);
  const seconds = Number(pattern.exec((await message.textContent()) ?? '')?.[1]);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(max);
  return seconds;
}

const tooEarly = /^Yeni bir kod istemeden önce lütfen (\d+) saniye bekleyin\.$/;
const tooMany = /^Çok fazla deneme yaptınız\. Lütfen (\d+) saniye sonra tekrar deneyin\.$/;

test('DESIGN §5 codes: a second code within 60 s is refused with 429 and its wait; DESIGN §5 codes: the resend countdown ends and a new code is sent; DESIGN §5 codes: a new code voids the old one; README limits: too many code requests answer 429 with the wait', async ({
  page,
  sandboxURL,
}) => {
  // reachContact gives the slow budget: the wizard to its last step, then six code requests.
  await page.clock.install();
  await reachContact(page);
  const phone = randomPhone();
  const sent = async () => (await outbox(phone, sandboxURL)).length;
  const open = page.getByRole('button', { name: 'Cep telefonu: Ekle' });
  const dialog = page.getByRole('dialog', { name: 'Telefon numarası doğrulama' });
  const number = dialog.getByLabel('Cep telefonu numaranız');
  const ask = dialog.getByRole('button', { name: 'Kod Gönder' });
  const smsSent = dialog.getByRole('status').filter({ hasText: `${maskPhone(phone)} numarasına bir SMS onay kodu gönderdik.` });
  const countdown = dialog.getByText(/^\d+ saniye sonra yeniden kod isteyebilirsiniz\.$/);
  const resend = dialog.getByRole('button', { name: 'Kodu yeniden gönder' });

  await open.click();
  await number.pressSequentially(phoneDigits(phone));
  await ask.click();
  await expect(smsSent).toBeVisible();
  await expect(countdown).toHaveText(/^(60|5\d) saniye/);
  await expect(resend).toHaveCount(0);
  expect(await sent()).toBe(1);

  // Closed and opened again, the popup asks for a code anew: the sandbox refuses it within the minute.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await open.click();
  await number.pressSequentially(phoneDigits(phone));
  await ask.click();
  const refusal = dialog.getByRole('alert').filter({ hasText: 'Yeni bir kod istemeden önce' });
  await waitNamed(refusal, tooEarly, 60);
  await expect(number).toHaveValue(phone);
  expect(await sent()).toBe(1);

  // A minute later it is sent, and its countdown starts.
  await pass(page, sandboxURL, 60);
  await ask.click();
  await expect(smsSent).toBeVisible();
  await expect(countdown).toHaveText(/^(60|5\d) saniye/);
  expect(await sent()).toBe(2);
  const older = await latestCode(phone, sandboxURL);

  // The countdown ends, the link asks for a new code, and the countdown starts again.
  for (const expected of [3, 4]) {
    await pass(page, sandboxURL, 60);
    await expect(countdown).toHaveCount(0);
    await resend.click();
    await expect(countdown).toHaveText(/^(60|5\d) saniye/);
    expect(await sent()).toBe(expected);
  }
  const newest = await latestCode(phone, sandboxURL);

  // The sixth request for this phone in ten minutes: the site's own limit answers, with the wait.
  await pass(page, sandboxURL, 60);
  await resend.click();
  await waitNamed(dialog.getByRole('alert').filter({ hasText: 'Çok fazla deneme' }), tooMany, 600);
  expect(await sent()).toBe(4);

  // The older code was voided by the newer ones; the newest one verifies the phone.
  const code = dialog.getByLabel('Onay kodu');
  await code.pressSequentially(older);
  await dialog.getByRole('button', { name: 'Onayla' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'SMS onay kodu hatalı' })).toHaveText('SMS onay kodu hatalı. Lütfen kodu kontrol edin.');
  await code.press('ControlOrMeta+a');
  await code.press('Delete');
  await code.pressSequentially(newest);
  await dialog.getByRole('button', { name: 'Onayla' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Cep telefonu: Değiştir' })).toBeVisible();
});

test('DESIGN §5 codes: the login code is sent again once the countdown ends, and the old one is refused', async ({ page, sandboxURL }) => {
  const customer = FIXTURE_CUSTOMERS.notSent;
  await page.clock.install();
  await page.goto('/#giris');
  const popup = page.getByRole('dialog', { name: 'Giriş Yap' });
  await popup.getByLabel('TC Kimlik No').fill(customer.nationality_number);
  await popup.getByRole('button', { name: 'Giriş Yap' }).click();
  const code = popup.getByLabel('SMS Kodu');
  await expect(code).toBeFocused();
  const older = await latestCode(customer.phone, sandboxURL);
  const resend = popup.getByRole('button', { name: 'Kodu yeniden gönder' });
  await expect(resend).toHaveAttribute('aria-disabled', 'true');
  await expect(popup.getByText(/^(60|5\d) saniye sonra yeniden kod isteyebilirsiniz\.$/)).toBeVisible();

  await pass(page, sandboxURL, 60);
  await expect(resend).toHaveAttribute('aria-disabled', 'false');
  await resend.click();
  await expect(popup.getByText('Yeni bir SMS kodu gönderildi.')).toBeVisible();
  await expect(resend).toHaveAttribute('aria-disabled', 'true');
  expect(await outbox(customer.phone, sandboxURL)).toHaveLength(2);
  const newest = await latestCode(customer.phone, sandboxURL);
  expect(newest).not.toBe(older);

  await code.fill(older);
  await popup.getByRole('button', { name: 'Kodu Onayla' }).click();
  await expect(popup.getByText('SMS onay kodu hatalı. Lütfen kodu kontrol edin.')).toBeVisible();
  await code.fill(newest);
  await popup.getByRole('button', { name: 'Kodu Onayla' }).click();
  await expect(popup).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Ana menü' }).getByRole('button', { name: 'Mehmet Demir' })).toBeVisible();
});

test('DESIGN §5 codes: a second login code within 60 s is refused with 429 and its wait; README limits: too many login codes answer 429 with the wait', async ({
  page,
  sandboxURL,
}) => {
  const customer = FIXTURE_CUSTOMERS.underApproval;
  await page.goto('/#giris');
  const popup = page.getByRole('dialog', { name: 'Giriş Yap' });
  const tc = popup.getByLabel('TC Kimlik No');
  const start = popup.getByRole('button', { name: 'Giriş Yap' });
  await tc.fill(customer.nationality_number);
  await start.click();
  await expect(popup.getByLabel('SMS Kodu')).toBeFocused();
  await popup.getByRole('button', { name: 'TC kimlik numarasını değiştir' }).click();
  await expect(tc).toHaveValue(customer.nationality_number);

  const error = page.getByRole('alertdialog', { name: 'Bir Hata Oluştu' });
  const refusedWith = async (pattern: RegExp, max: number) => {
    await start.click();
    await waitNamed(error.getByText(pattern), pattern, max);
    await error.getByRole('button', { name: 'Tamam' }).click();
    await expect(error).toBeHidden();
  };
  // Within the minute: the sandbox's resend rule (requests 2 to 5 of this TC number).
  for (let request = 2; request <= 5; request++) await refusedWith(tooEarly, 60);
  // The sixth in ten minutes: the site's own limit, before the sandbox is asked.
  await refusedWith(tooMany, 600);
  await expect(tc).toHaveValue(customer.nationality_number);
  expect(await outbox(customer.phone, sandboxURL)).toHaveLength(1);
});

// Last in the file: it moves this sandbox's clock a month on.
test('§8 failed token authentication: the session ends', async ({ page, sandboxURL }) => {
  await apiLogin(page.request, FIXTURE_CUSTOMERS.approved, '', sandboxURL);
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Ana menü' });
  await expect(nav.getByRole('button', { name: 'Ayşe Yılmaz' })).toBeVisible();

  // The sandbox's tokens live 30 days: a month later the stored token is refused.
  await sandbox('/__sandbox/clock', { advance_seconds: 31 * 24 * 3600 }, sandboxURL);
  await page.reload();
  await expect(nav.getByRole('button', { name: 'Başvuru Sorgulama' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Ayşe Yılmaz' })).toHaveCount(0);
  // The first call that asks ends the dead session and says so; after it there is none.
  const first = await page.request.get('/api/session');
  expect(first.status()).toBe(401);
  expect((await first.json()).details).toEqual({ session_expired: true });
  expect((await (await page.request.get('/api/session')).json()).data).toBeNull();
});
