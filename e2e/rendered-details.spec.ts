import { expect, type Locator, test } from '@playwright/test';
import { addressOptions } from '@/sandbox/address';
import { startAtPackage } from './support/flow-state';
import { headerNav } from './support/header';
import { registerCustomer } from './support/register';
import { latestCode, sandbox } from './support/sandbox';
import { chooseLevel } from './support/wizard';

// Details of the spec's screens that the flows pass without looking at them.

test('§1 tariff notice: a VDSL line’s setup fee, 3.600 TL, 1.998 TL upfront or 12 × 300 TL; §1 tariff notice: leaving before the 12 months charges the difference from the non-campaign price; §2 summary: the line speed', async ({ page }) => {
  // Inner door 7: a BBK code ending in 6, VDSL only (the sandbox's fixtures).
  await startAtPackage(page, 'Daire 7');
  const notice = page.getByRole('note').filter({ hasText: 'Tarife bilgilendirmesi' });
  await expect(notice.getByText("Yeni VDSL kurulum ve aktivasyon ücreti 3.600 TL'dir; peşin 1.998 TL veya 12 ay boyunca aylık 300 TL olarak ödenir.")).toBeVisible();
  await expect(
    notice.getByText('Tüm tarifeler 12 ay taahhütlüdür; taahhüt süresi dolmadan ayrılmada, kampanyasız fiyat ile aradaki fark tahsil edilir.', { exact: true }),
  ).toBeVisible();
  // Not the fibre fee: the notice gives the buyer's own line type.
  await expect(page.getByText(/Yeni fiber kurulum/)).toHaveCount(0);
  const summary = page.getByRole('complementary', { name: 'Başvuru özeti' });
  await expect(summary.getByText('Hat hızı')).toBeVisible();
  await expect(summary).toContainText(/Altyapınız \d+ Mbps'e kadar destekliyor/);
});

/** The summary's value for one of its terms ('Paket', 'Adres', …). */
const summaryValue = (summary: Locator, term: string) => summary.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');

test("§2 summary: the address's eight levels, village, neighbourhood, street and building included; §2 summary: the package's name, speed and price, its discount price or else its price", async ({ page }) => {
  test.slow();
  // A door of Şile below a village of its own (docs/sandbox.md): no level of its address is 'Merkez'
  // but the province's, so every line is its own level's name.
  const sile = addressOptions('city', 34)!.find((option) => option.text === 'Şile')!;
  const dereli = addressOptions('district', sile.value)!.find((option) => option.text === 'Dereli')!;
  const akpinar = addressOptions('township', dereli.value)!.find((option) => option.text === 'Akpınar Köyü')!;
  const neighbourhood = addressOptions('village', akpinar.value)![0]!;
  const street = addressOptions('neighborhood', neighbourhood.value)![0]!;
  const building = addressOptions('street', street.value)![0]!;

  await page.goto('/?basvuru=yeni');
  await chooseLevel(page, 'İl', 'İstanbul');
  await chooseLevel(page, 'İlçe', 'Şile');
  await chooseLevel(page, 'Bucak', 'Dereli');
  await chooseLevel(page, 'Köy', 'Akpınar Köyü');
  await chooseLevel(page, 'Mahalle', neighbourhood.text);
  await chooseLevel(page, 'Sokak/Cadde', street.text);
  await chooseLevel(page, 'Bina', building.text);
  // Door 1: gigabit fibre, so every fibre tariff can be chosen.
  await chooseLevel(page, 'İç Kapı No', 'Daire 1');
  const summary = page.getByRole('complementary', { name: 'Başvuru özeti' });
  // Soft: a missing line does not hide what the package line shows.
  await expect.soft(summaryValue(summary, 'Adres').getByRole('listitem')).toHaveText([
    'İl: İstanbul',
    'İlçe: Şile',
    'Bucak: Dereli',
    'Köy: Akpınar Köyü',
    `Mahalle: ${neighbourhood.text}`,
    `Sokak/Cadde: ${street.text}`,
    `Bina: ${building.text}`,
    'İç Kapı No: Daire 1',
  ]);

  await page.getByRole('button', { name: 'Paket Seç' }).click();
  const tariff = (name: string) => page.getByRole('radio', { name: new RegExp(`^${name} `) });
  const chosen = summaryValue(summary, 'Paket');
  // A discount price: that is the package's price (899,90 TL is its price without it).
  await tariff('Limitsiz Fiber 1000').check();
  await expect(chosen).toHaveText("Limitsiz Fiber 10001000 Mbps'e kadar · 799,90 TL");
  // None: the price itself.
  await tariff('Limitsiz Fiber 200').check();
  await expect(chosen).toHaveText("Limitsiz Fiber 200200 Mbps'e kadar · 599,90 TL");
});

test('§2 header: the logo links home, in the page’s language', async ({ page }) => {
  await page.goto('/nasil-yapilir');
  await page.getByRole('banner').getByRole('link', { name: 'Hat İnternet' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ev internetine online başvurun' })).toBeVisible();
  await page.goto('/en/how-to');
  await page.getByRole('banner').getByRole('link', { name: 'Hat İnternet' }).click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Apply for home internet online' })).toBeVisible();
});

test('§3 user: nationality_type 1 is shown as T.C. vatandaşı', async ({ page }) => {
  const customer = await registerCustomer(page.request);
  await sandbox(`/__sandbox/customers/${customer.nationality_number}/identity-status`, { status: 2 });
  await page.goto('/#profil');
  const profile = page.getByRole('dialog', { name: 'Hesabım' });
  await profile.getByRole('tab', { name: 'Abone Bilgileri' }).click();
  const nationality = profile.getByText('Uyruk', { exact: true });
  await expect(nationality).toBeVisible();
  await expect(profile).toContainText('T.C. vatandaşı');
  await expect(profile.getByText('Yabancı uyruklu')).toHaveCount(0);
});

test('§9 toasts: newest first; §9 toasts: duplicates prevented', async ({ page }) => {
  const customer = await registerCustomer(page.request);
  await page.goto('/');
  const name = headerNav(page).getByRole('button', { name: customer.name });
  const toasts = page.locator('[data-sonner-toast]');
  const loggedOut = toasts.filter({ hasText: 'Oturumunuz kapatıldı.' });
  const logOut = async () => {
    // By keyboard: the pointer stays where it is.
    await name.press('Enter');
    await page.getByRole('dialog', { name: 'Hesabım' }).getByRole('button', { name: 'Çıkış Yap' }).press('Enter');
    await expect(name).toHaveCount(0);
  };
  await logOut();
  await expect(loggedOut).toHaveCount(1);
  // The pointer rests on the toasts: none of them times out while the rest happens.
  await loggedOut.hover();

  // Logged in again through the home page's form, by keyboard: the welcome is the newest toast.
  const form = page.getByRole('region', { name: 'Müşteri Girişi' });
  await form.getByLabel('TC Kimlik No').fill(customer.nationality_number);
  await form.getByLabel('TC Kimlik No').press('Enter');
  await expect(form.getByLabel('SMS Kodu')).toBeFocused();
  await form.getByLabel('SMS Kodu').fill(await latestCode(customer.phone));
  await form.getByLabel('SMS Kodu').press('Enter');
  await expect(name).toBeVisible();
  const welcome = toasts.filter({ hasText: `Hoş geldiniz, ${customer.name}.` });
  await expect(welcome).toHaveCount(1);
  await expect(toasts.first()).toContainText('Hoş geldiniz');
  await expect(toasts.nth(1)).toContainText('Oturumunuz kapatıldı.');

  // The same message again while it is still shown: one toast, not two.
  await page.keyboard.press('Escape');
  await logOut();
  await expect(loggedOut).toHaveCount(1);
});

test('§9 toasts: at the top right of the screen; §9 toasts: shown for 5000 ms, then closed', async ({ page }) => {
  const customer = await registerCustomer(page.request);
  await page.goto('/');
  // Every toast's time on screen, by the page's own clock: from drawn (sonner marks it mounted,
  // when its timer starts) to closing (marked removed, or gone).
  await page.evaluate(() => {
    const times: Record<string, { shown?: number; closed?: number }> = {};
    (window as unknown as { e2eToastTimes: typeof times }).e2eToastTimes = times;
    const look = () => {
      const now = performance.now();
      const present = new Set<string>();
      for (const toast of document.querySelectorAll<HTMLElement>('[data-sonner-toast]')) {
        const text = toast.textContent ?? '';
        present.add(text);
        const entry = (times[text] ??= {});
        if (entry.shown === undefined && toast.dataset.mounted === 'true') entry.shown = now;
        if (entry.shown !== undefined && entry.closed === undefined && toast.dataset.removed === 'true') entry.closed = now;
      }
      for (const [text, entry] of Object.entries(times)) if (entry.shown !== undefined && entry.closed === undefined && !present.has(text)) entry.closed = now;
    };
    new MutationObserver(look).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-mounted', 'data-removed'] });
  });
  // The pointer away from the toasts (hovering one holds it), and the logout by keyboard.
  await page.mouse.move(0, page.viewportSize()!.height - 1);
  await headerNav(page).getByRole('button', { name: customer.name }).press('Enter');
  await page.getByRole('dialog', { name: 'Hesabım' }).getByRole('button', { name: 'Çıkış Yap' }).press('Enter');
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Oturumunuz kapatıldı.' });
  await expect(toast).toBeVisible();

  // Top right: against the right edge and the top of the window, in its right half.
  const box = (await toast.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.y).toBeLessThan(80);
  expect(width - (box.x + box.width)).toBeLessThan(80);
  expect(box.x).toBeGreaterThan(width / 2);

  // Closed on its own, after 5 s on screen by the page's clock (a busy machine's timer may fire a
  // little late; an observer's note of either mark is equally late).
  await expect(toast).toHaveCount(0, { timeout: 10_000 });
  const times = await page.evaluate(() => (window as unknown as { e2eToastTimes: Record<string, { shown?: number; closed?: number }> }).e2eToastTimes);
  const shown = Object.entries(times).find(([text]) => text.includes('Oturumunuz kapatıldı.'))![1];
  const duration = shown.closed! - shown.shown!;
  expect(duration).toBeGreaterThanOrEqual(4_950);
  expect(duration).toBeLessThan(5_600);
});
