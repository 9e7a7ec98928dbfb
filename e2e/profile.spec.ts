import { expect, type Locator, type Page, test } from '@playwright/test';
import { FIXTURE_CUSTOMERS, fixtureAddress } from '@/sandbox/fixtures';
import { apiLogin } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { withLock } from './support/lock';
import { addressFields, bffCall, registerCustomer } from './support/register';
import { latestCode, sandbox } from './support/sandbox';
import { CONSENTS } from './support/consents';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Ana menü' });
const profileDialog = (page: Page) => page.getByRole('dialog', { name: 'Hesabım' });

/** A small file whose first bytes make it a PNG, JPEG or PDF (the server checks only those). */
function sample(kind: 'png' | 'jpeg' | 'pdf', size = 2000): Buffer {
  const data = Buffer.alloc(size, 0x20);
  const head = { png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], jpeg: [0xff, 0xd8, 0xff, 0xe0], pdf: [...Buffer.from('%PDF-1.4\n')] }[kind];
  Buffer.from(head).copy(data);
  return data;
}

const png = (name: string) => ({ name, mimeType: 'image/png', buffer: sample('png') });
const jpeg = (name: string) => ({ name, mimeType: 'image/jpeg', buffer: sample('jpeg') });
const pdf = (name: string, size?: number) => ({ name, mimeType: 'application/pdf', buffer: sample('pdf', size) });

/** Opens the profile from the customer's name in the header. */
async function openProfile(page: Page, name: string): Promise<Locator> {
  await nav(page).getByRole('button', { name }).click();
  const profile = profileDialog(page);
  await expect(profile).toBeVisible();
  await expect(profile.getByRole('tablist')).toBeVisible();
  return profile;
}

async function reopenProfile(page: Page, name: string): Promise<Locator> {
  await page.keyboard.press('Escape');
  await expect(profileDialog(page)).toBeHidden();
  return openProfile(page, name);
}

/** The value beside one label of a details tab (components/account/facts.tsx). */
const fact = (scope: Locator, label: string) => scope.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

const subscriptionItems = (profile: Locator) => profile.getByRole('list', { name: 'Abonelikleriniz' }).locator(':scope > li');
const uploadSlot = (scope: Locator, label: string) => scope.getByRole('group', { name: label, exact: true });
/** The file input of one upload slot (a visually hidden input; its label is the drop zone). */
const fileInput = (scope: Locator, label: string) => uploadSlot(scope, label).locator('input[type="file"]');

/** A real JPEG well over 4 MB (random noise barely compresses), drawn by the browser itself. */
async function oversizedPhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 2400;
    canvas.height = 1800;
    const context = canvas.getContext('2d')!;
    const image = context.createImageData(canvas.width, canvas.height);
    for (let i = 0; i < image.data.length; i++) image.data[i] = i % 4 === 3 ? 255 : Math.floor(Math.random() * 256);
    context.putImageData(image, 0, 0);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((result) => resolve(result!), 'image/jpeg', 0.95));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}

test.describe('profile of a customer with approved identity', () => {
  const customer = FIXTURE_CUSTOMERS.approved;

  test("§4 identity status 2: approved, front and back links; the profile opens from the header name with its summary, three tabs and the subscriptions newest first; §2 profile: Abone Bilgileri shows the mail and the father's name", { tag: '@phone' }, async ({ page }) => {
    // Three tabs, each with an accessibility scan: more than the default minute on a busy machine.
    test.slow();
    await apiLogin(page.request, customer);
    await page.goto('/');
    const opener = nav(page).getByRole('button', { name: 'Ayşe Yılmaz' });
    await expect(opener).toHaveAttribute('aria-haspopup', 'dialog');
    const profile = await openProfile(page, 'Ayşe Yılmaz');
    await expect(profile).toHaveAttribute('data-size', 'full');
    await expect(profile.getByText('AY', { exact: true })).toBeVisible();
    await expect(profile).toContainText('#501');
    await expect(profile.getByText('Ayşe Yılmaz', { exact: true })).toBeVisible();
    await expect(profile).toContainText('+90 (532) 000 00 01');
    await expect(profile.getByRole('button', { name: 'Çıkış Yap' })).toBeVisible();

    const tabs = profile.getByRole('tablist', { name: 'Hesap bölümleri' }).getByRole('tab');
    await expect(tabs).toHaveText(['Abonelikler', 'Abone Bilgileri', 'Kimlik Bilgileri']);
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.first()).toBeFocused();

    const items = subscriptionItems(profile);
    await expect(items).toHaveCount(3);
    await expect(items.nth(0)).toContainText('Limitsiz Fiber 1000');
    await expect(items.nth(0)).toContainText('Durum: Müşteri Karşılama Sürecinde');
    await expect(items.nth(0)).toContainText('01.06.2025');
    await expect(items.nth(0)).toContainText('Müşteri karşılama süreciniz devam ediyor');
    await expect(items.nth(1)).toContainText('Durum: e-Devlet Onayı Bekleniyor');
    await expect(items.nth(1)).toContainText('Transfer Başvurusu');
    await expect(items.nth(1)).toContainText('Başvurunuzu e-Devlet üzerinden, internet bankacılığı veya elektronik imza ile onaylayın.');
    await expect(items.nth(1).getByRole('link', { name: 'Nasıl yapılır?' })).toHaveAttribute('href', '/nasil-yapilir');
    await expect(items.nth(2)).toContainText('Durum: Abonelik Başladı');
    await expect(items.nth(2)).toContainText('10.03.2024');
    // The timeline marks where each one stands.
    const timeline = items.nth(1).getByRole('list', { name: 'Başvuru süreci' });
    await expect(timeline.getByRole('listitem')).toHaveCount(5);
    await expect(timeline.locator('[aria-current="step"]')).toHaveText('e-Devlet Onayı Bekleniyor');
    await expectNoAxeViolations(page);

    // Keyboard: the arrows move between tabs.
    await page.keyboard.press('ArrowRight');
    await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.nth(1)).toBeFocused();
    const panel = profile.getByRole('tabpanel');
    await expect(panel).toContainText('10000000146');
    await expect(panel).toContainText('12.03.1985');
    await expect(panel).toContainText('Kadın');
    await expect(panel).toContainText('Fatma');
    await expect(fact(panel, 'E-posta')).toHaveText('ayse.yilmaz@example.com');
    await expect(fact(panel, 'Baba Adı')).toHaveText('Mehmet');
    await expect(fact(panel, 'Anne Adı')).toHaveText('Fatma');
    await expectNoAxeViolations(page);

    await page.keyboard.press('End');
    await expect(tabs.nth(2)).toHaveAttribute('aria-selected', 'true');
    await expect(panel).toContainText('Onaylandı');
    await expect(panel).toContainText('Kimlik bilgileriniz onaylandı.');
    await expect(panel.getByRole('link', { name: /Kimlik Ön Yüzü/ })).toHaveAttribute('href', /\/files\//);
    await expect(panel.getByRole('link', { name: /Kimlik Arka Yüzü/ })).toHaveAttribute('target', '_blank');
    await expect(panel.locator('input[type="file"]')).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.keyboard.press('Escape');
    await expect(profile).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('subscription details: four tabs, with modem info only on the started line; §2 subscription detail: Müşteri Bilgileri shows the name and the surname', { tag: '@phone' }, async ({ page, context }) => {
    // Three subscriptions, four tabs and five accessibility scans: more than the default minute on a busy machine.
    test.slow();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await apiLogin(page.request, customer);
    await page.goto('/');
    const profile = await openProfile(page, 'Ayşe Yılmaz');
    const items = subscriptionItems(profile);

    const started = items.nth(2).getByRole('button', { name: /Detayları Gör/ });
    await started.click();
    const detail = page.getByRole('dialog', { name: 'Abonelik Detayı: Limitsiz Fiber 100' });
    const tabs = detail.getByRole('tab');
    await expect(tabs).toHaveText(['Abonelik Bilgileri', 'Müşteri Bilgileri', 'Tarife Bilgileri', 'Modem Bilgileri']);
    await expect(tabs.first()).toBeFocused();
    const panel = detail.getByRole('tabpanel');
    await expect(panel).toContainText('3000001001');
    await expect(panel).toContainText('10.03.2024');
    await expect(panel).toContainText('Yeni Başvuru');
    await expect(panel).toContainText(fixtureAddress(34, 'Kadıköy', { neighbourhood: 2, door: 2 }).bbk);
    await expect(panel).toContainText('Kadıköy / İstanbul');
    await expect(panel).toContainText('Abonelik Başladı');
    await expect(panel.getByRole('link', { name: /İmzalı sözleşme/ })).toHaveAttribute('href', /signed-contract/);
    await expectNoAxeViolations(page);

    await tabs.nth(1).click();
    await expect(panel).toContainText('Bireysel');
    await expect(panel).toContainText('10000000146');
    await expect(fact(panel, 'Ad')).toHaveText('Ayşe');
    await expect(fact(panel, 'Soyad')).toHaveText('Yılmaz');
    await expect(panel).not.toContainText('Firma Adı');
    await expectNoAxeViolations(page);

    await tabs.nth(2).click();
    await expect(panel).toContainText('Limitsiz Fiber 100');
    // Thousands separator, two decimals and TL (spec §9).
    await expect(panel.getByRole('definition').filter({ hasText: /TL$/ })).toHaveText(/^\d{1,3}(\.\d{3})*,\d{2} TL$/);
    await expect(panel).toContainText('449,90 TL');
    await expect(panel).toContainText('100 Mbps');
    await expect(panel).toContainText('20 Mbps');
    await expect(panel.getByRole('link', { name: /Tarife detayı/ })).toHaveAttribute('href', /tariff-1\.pdf/);
    await expectNoAxeViolations(page);

    await tabs.nth(3).click();
    await expect(panel).toContainText('ayse.yilmaz.1001');
    await expect(panel).not.toContainText('Modem-4821');
    const reveal = panel.getByRole('button', { name: 'Şifreyi göster' });
    await expect(reveal).toHaveAttribute('aria-pressed', 'false');
    await expectNoAxeViolations(page);
    await reveal.click();
    await expect(reveal).toHaveAttribute('aria-pressed', 'true');
    await expect(panel).toContainText('Modem-4821');
    await panel.getByRole('button', { name: 'Modem Şifresi kopyala' }).click();
    await expect(panel.getByRole('status')).toHaveText('Modem Şifresi kopyalandı.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Modem-4821');
    await expectNoAxeViolations(page);

    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();
    await expect(started).toBeFocused();

    // The transfer at status 2: no Modem Info, the unsigned contract.
    await items.nth(1).getByRole('button', { name: /Detayları Gör/ }).click();
    const transfer = page.getByRole('dialog', { name: 'Abonelik Detayı: Limitsiz Fiber 200' });
    await expect(transfer.getByRole('tab')).toHaveText(['Abonelik Bilgileri', 'Müşteri Bilgileri', 'Tarife Bilgileri']);
    await expect(transfer.getByRole('tabpanel')).toContainText('Transfer Başvurusu');
    await expect(transfer.getByRole('tabpanel').getByRole('link', { name: /Sözleşme/ })).toHaveAttribute('href', /\/contract-/);
    await transfer.getByRole('button', { name: 'Kapat', exact: true }).click();
    await expect(transfer).toBeHidden();

    // The corporate one: business name, tax office and number, and the documents.
    await items.nth(0).getByRole('button', { name: /Detayları Gör/ }).click();
    const corporate = page.getByRole('dialog', { name: 'Abonelik Detayı: Limitsiz Fiber 1000' });
    await expect(corporate.getByRole('tab')).toHaveCount(3);
    await corporate.getByRole('tab', { name: 'Müşteri Bilgileri' }).click();
    const corporatePanel = corporate.getByRole('tabpanel');
    await expect(corporatePanel).toContainText('Kurumsal');
    await expect(corporatePanel).toContainText('Yılmaz Yazılım Ltd. Şti.');
    await expect(corporatePanel).toContainText('Kadıköy Vergi Dairesi');
    await expect(corporatePanel).toContainText('9876543210');
    await expect(corporatePanel.getByRole('button', { name: 'Şirket Belgeleri' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('§4 company documents status 3: rejected with its message, re-upload; §4 company documents status 1: in approval, read-only; §5 uploads: send disabled until both files are chosen; §8 success dialog: Dosyalar Yüklend', { tag: '@phone' }, async ({ page }) => {
    const message = 'Vergi levhası okunaklı değil. Lütfen belgeleri yeniden yükleyin.';
    // The desktop and phone runs share the sandbox: one re-upload at a time, then the fixture state again.
    await withLock('company-docs-1003', async () => {
      try {
        await apiLogin(page.request, customer);
        await page.goto('/');
        const profile = await openProfile(page, 'Ayşe Yılmaz');
        const corporate = subscriptionItems(profile).nth(0);
        await expect(corporate).toContainText('Şirket belgeleriniz onaylanmadı');
        await corporate.getByRole('button', { name: /Detayları Gör/ }).click();
        const detail = page.getByRole('dialog', { name: 'Abonelik Detayı: Limitsiz Fiber 1000' });
        await detail.getByRole('tab', { name: 'Müşteri Bilgileri' }).click();
        await expect(detail.getByRole('tabpanel')).toContainText('Reddedildi');
        await detail.getByRole('button', { name: 'Şirket Belgeleri' }).click();

        const modal = page.getByRole('dialog', { name: 'Şirket Belgeleri' });
        await expect(modal).toContainText('Reddedildi');
        await expect(modal).toContainText('Şirket belgeleriniz onaylanmadı. Lütfen belgeleri yeniden yükleyin.');
        await expect(modal).toContainText(message);
        const send = modal.getByRole('button', { name: 'Belgeleri Gönder' });
        await expect(send).toBeDisabled();
        await expectNoAxeViolations(page);

        await fileInput(modal, 'Vergi Levhası').setInputFiles(pdf('vergi-levhasi.pdf'));
        await expect(uploadSlot(modal, 'Vergi Levhası')).toContainText('vergi-levhasi.pdf');
        await expect(send).toBeDisabled();
        await fileInput(modal, 'İmza Sirküleri').setInputFiles(png('imza-sirkuleri.png'));
        await expect(send).toBeEnabled();
        await send.click();

        const success = page.getByRole('alertdialog', { name: 'Dosyalar Yüklend' });
        await expect(success).toBeVisible();
        await expectNoAxeViolations(page);
        await success.getByRole('button', { name: 'Tamam' }).click();
        await expect(success).toBeHidden();

        // The new status at once, no reload: read-only links and 'in approval'.
        await expect(modal).toContainText('Onay Sürecinde');
        await expect(modal).toContainText('Şirket belgeleriniz onay sürecindedir.');
        await expect(modal.getByRole('link', { name: /Vergi Levhası/ })).toHaveAttribute('href', /\/files\//);
        await expect(modal.getByRole('link', { name: /İmza Sirküleri/ })).toHaveAttribute('href', /\/files\//);
        await expect(modal.locator('input[type="file"]')).toHaveCount(0);
        await expectNoAxeViolations(page);
        await modal.getByRole('button', { name: 'Kapat', exact: true }).click();
        await expect(detail.getByRole('tabpanel')).toContainText('Onay Sürecinde');
      } finally {
        await sandbox('/__sandbox/subscriptions/1003/docs-status', { status: 3, message });
      }
    });
  });

  test('§4 company documents status 0: not sent, upload allowed; §4 company documents status 2: approved, read-only links', async ({ page }) => {
    // Two states, a reload and two accessibility scans: more than the default minute on a busy machine.
    test.slow();
    const message = 'Vergi levhası okunaklı değil. Lütfen belgeleri yeniden yükleyin.';
    await withLock('company-docs-1003', async () => {
      try {
        await sandbox('/__sandbox/subscriptions/1003/docs-status', { status: 0 });
        await apiLogin(page.request, customer);
        await page.goto('/');
        const profile = await openProfile(page, 'Ayşe Yılmaz');
        const corporate = subscriptionItems(profile).nth(0);
        await expect(corporate).toContainText('Vergi levhanızı ve imza sirkülerinizi Şirket Belgeleri bölümünden yükleyin.');
        await corporate.getByRole('button', { name: 'Şirket Belgeleri' }).click();
        const modal = page.getByRole('dialog', { name: 'Şirket Belgeleri' });
        await expect(modal).toContainText('Gönderilmedi');
        await expect(modal).toContainText('Kurumsal aboneliğinizin işleme alınabilmesi için vergi levhanızı ve imza sirkülerinizi yükleyin.');
        await expect(fileInput(modal, 'Vergi Levhası')).toBeEnabled();
        await expect(fileInput(modal, 'İmza Sirküleri')).toBeEnabled();
        await expect(modal.getByRole('button', { name: 'Belgeleri Gönder' })).toBeDisabled();
        await expect(modal.getByRole('link')).toHaveCount(0);
        await expectNoAxeViolations(page);

        // Approved by the provider: read-only, with the links, and nothing asked of the customer.
        // The documents have their own URL, so a reload shows them again, with the new status.
        await sandbox('/__sandbox/subscriptions/1003/docs-status', { status: 2 });
        await expect(page).toHaveURL(/#profil\/belgeler\/1003$/);
        await page.reload();
        await expect(modal).toContainText('Onaylandı');
        await modal.getByRole('button', { name: 'Kapat', exact: true }).click();
        await expect(modal).toHaveCount(0);
        await expect(page).toHaveURL(/#profil$/);
        const again = profileDialog(page);
        await expect(subscriptionItems(again).nth(0)).not.toContainText('Şirket Belgeleri bölümünden');
        await subscriptionItems(again).nth(0).getByRole('button', { name: /Detayları Gör/ }).click();
        const detail = page.getByRole('dialog', { name: 'Abonelik Detayı: Limitsiz Fiber 1000' });
        await detail.getByRole('tab', { name: 'Müşteri Bilgileri' }).click();
        await expect(detail.getByRole('tabpanel')).toContainText('Onaylandı');
        await detail.getByRole('button', { name: 'Şirket Belgeleri' }).click();
        await expect(modal).toContainText('Onaylandı');
        await expect(modal).toContainText('Şirket belgeleriniz onaylandı.');
        await expect(modal.getByRole('link', { name: /Vergi Levhası/ })).toHaveAttribute('href', /\/files\//);
        await expect(modal.getByRole('link', { name: /İmza Sirküleri/ })).toHaveAttribute('href', /\/files\//);
        await expect(modal.locator('input[type="file"]')).toHaveCount(0);
        await expect(modal.getByRole('button', { name: 'Belgeleri Gönder' })).toHaveCount(0);
        await expectNoAxeViolations(page);
      } finally {
        await sandbox('/__sandbox/subscriptions/1003/docs-status', { status: 3, message });
      }
    });
  });
});

test('§4 identity status 0 and its §8 notice: not sent, upload needed; only the Identity tab, then in approval once both sides are sent', { tag: '@phone' }, async ({ page }) => {
  const customer = FIXTURE_CUSTOMERS.notSent;
  await withLock(`identity-${customer.nationality_number}`, async () => {
    try {
      await apiLogin(page.request, customer);
      await page.goto('/');
      const profile = await openProfile(page, 'Mehmet Demir');
      const tabs = profile.getByRole('tab');
      await expect(tabs).toHaveText(['Kimlik Bilgileri']);
      await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
      await expect(profile).toContainText(
        'Aboneliğinizin işleme alınabilmesi için kimliğinizin ön ve arka yüzünün görsellerini Kimlik Bilgileri bölümünden yükleyin.',
      );
      await expect(profile).toContainText('Gönderilmedi');
      await expect(profile.getByRole('list', { name: 'Abonelikleriniz' })).toHaveCount(0);
      await expect(profile.getByText('PDF, JPEG veya PNG; en fazla 4 MB.')).toBeVisible();
      const send = profile.getByRole('button', { name: 'Belgeleri Gönder' });
      await expect(send).toBeDisabled();
      await expect(profile.getByText('Göndermek için iki dosyayı da seçin.')).toBeVisible();
      await expectNoAxeViolations(page);

      await fileInput(profile, 'Kimlik Ön Yüzü').setInputFiles(png('kimlik-on.png'));
      await expect(uploadSlot(profile, 'Kimlik Ön Yüzü')).toContainText('kimlik-on.png (2 KB)');
      await expect(send).toBeDisabled();
      await fileInput(profile, 'Kimlik Arka Yüzü').setInputFiles(jpeg('kimlik-arka.jpg'));
      await expect(send).toBeEnabled();
      await expect(profile.getByText('Göndermek için iki dosyayı da seçin.')).toHaveCount(0);

      // A progress indication while the files travel.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/v1/customers/upload-nationality-docs', async (route) => {
        await held;
        await route.continue();
      });
      await send.click();
      await expect(profile.getByRole('status').filter({ hasText: 'Dosyalarınız yükleniyor…' })).toBeVisible();
      await expect(profile.getByRole('progressbar', { name: 'Yükleme durumu' })).toBeVisible();
      await expect(send).toBeDisabled();
      release();

      const success = page.getByRole('alertdialog', { name: 'Dosyalar Yüklend' });
      await expect(success).toContainText('Belgeleriniz onaya gönderildi.');
      await success.getByRole('button', { name: 'Tamam' }).click();

      await expect(profile).toContainText('Kimlik bilgileriniz onay sürecindedir. Onaylandıktan sonra aboneliğiniz işleme devam edebilecektir.');
      await expect(profile).toContainText('Onay Sürecinde');
      await expect(profile.getByRole('tab')).toHaveText(['Kimlik Bilgileri']);
      await expect(fileInput(profile, 'Kimlik Ön Yüzü')).toBeDisabled();
      await expect(fileInput(profile, 'Kimlik Arka Yüzü')).toBeDisabled();
      await expect(send).toBeDisabled();
      await expect(profile.getByRole('link', { name: /Kimlik Ön Yüzü/ })).toHaveAttribute('href', /\/files\//);
      await expectNoAxeViolations(page);
    } finally {
      await sandbox(`/__sandbox/customers/${customer.nationality_number}/identity-status`, { status: 0 });
    }
  });
});

test('§4 identity status 1 and its §8 notice: in approval, upload disabled; the profile opens after login', async ({ page }) => {
  // A login through the popup and an accessibility scan: more than the default minute on a busy machine.
  test.slow();
  const customer = FIXTURE_CUSTOMERS.underApproval;
  await page.goto('/#giris');
  const login = page.getByRole('dialog', { name: 'Giriş Yap' });
  await withLock(customer.nationality_number, async () => {
    await login.getByLabel('TC Kimlik No').fill(customer.nationality_number);
    await login.getByRole('button', { name: 'Giriş Yap' }).click();
    // The code step shows once the code is sent; only then is the newest code this one.
    await expect(login.getByLabel('SMS Kodu')).toBeFocused();
    await login.getByLabel('SMS Kodu').fill(await latestCode(customer.phone));
    await login.getByRole('button', { name: 'Kodu Onayla' }).click();
    await expect(login).toBeHidden();
  });
  const profile = profileDialog(page);
  await expect(profile).toBeVisible();
  await expect(profile.getByText('ZK', { exact: true })).toBeVisible();
  await expect(profile.getByRole('tab')).toHaveText(['Kimlik Bilgileri']);
  await expect(profile).toContainText('Kimlik bilgileriniz onay sürecindedir. Onaylandıktan sonra aboneliğiniz işleme devam edebilecektir.');
  await expect(profile.getByRole('link', { name: /Kimlik Ön Yüzü/ })).toBeVisible();
  await expect(fileInput(profile, 'Kimlik Ön Yüzü')).toBeDisabled();
  await expect(profile.getByRole('button', { name: 'Belgeleri Gönder' })).toBeDisabled();
  await expectNoAxeViolations(page);
  await expect(nav(page).getByRole('button', { name: 'Zeynep Kaya' })).toBeVisible();
});

test('§5 uploads: PDF, JPEG or PNG only; §5 uploads: at most 4,000,000 bytes, shown in MB; §5 uploads: at most N files; §5 uploads: a duplicate name is refused; an oversized photo is made smaller', async ({
  page,
}) => {
  // Six refusals, a browser-drawn 5 MB photo made smaller, and an upload: more than the default minute on a busy machine.
  test.slow();
  const customer = await registerCustomer(page.request);
  await page.goto('/');
  const profile = await openProfile(page, customer.name);
  await expect(profile.getByText('DSA', { exact: true })).toBeVisible();
  const front = fileInput(profile, 'Kimlik Ön Yüzü');
  const back = fileInput(profile, 'Kimlik Arka Yüzü');
  const frontSlot = uploadSlot(profile, 'Kimlik Ön Yüzü');
  const backSlot = uploadSlot(profile, 'Kimlik Arka Yüzü');
  const send = profile.getByRole('button', { name: 'Belgeleri Gönder' });

  await front.setInputFiles({ name: 'kimlik.txt', mimeType: 'text/plain', buffer: Buffer.from('Bu bir kimlik değil.') });
  await expect(frontSlot.getByRole('alert')).toHaveText('Yüklediğiniz dosya uygun değil.');
  await expect(front).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);

  // Named like a photo, but its bytes are text.
  await front.setInputFiles({ name: 'kimlik.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('Bu da bir fotoğraf değil.') });
  await expect(frontSlot.getByRole('alert')).toHaveText('Yüklediğiniz dosya uygun değil.');

  await front.setInputFiles(pdf('kimlik.pdf', 4_000_001));
  await expect(frontSlot.getByRole('alert')).toHaveText('Yüklediğiniz dosya, maksimum boyutun üstünde.');
  await expect(send).toBeDisabled();

  // Dropped two at once on one input.
  const dataTransfer = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['%PDF-1.4 a'], 'a.pdf', { type: 'application/pdf' }));
    transfer.items.add(new File(['%PDF-1.4 b'], 'b.pdf', { type: 'application/pdf' }));
    return transfer;
  });
  await frontSlot.getByText('Kimlik Ön Yüzü', { exact: true }).dispatchEvent('drop', { dataTransfer });
  await expect(frontSlot.getByRole('alert')).toHaveText('Maksimum 1 adet dosya yükleyebilirsiniz.');

  await front.setInputFiles(png('kimlik.png'));
  await expect(frontSlot).not.toContainText('Maksimum');
  await expect(frontSlot).toContainText('kimlik.png');
  await back.setInputFiles(png('kimlik.png'));
  await expect(backSlot.getByRole('alert')).toHaveText('Yüklediğiniz dosya uygun değil. Aynı adı taşıyan bir dosyayı zaten seçtiniz.');
  await expect(send).toBeDisabled();

  const photo = await oversizedPhoto(page);
  expect(photo.length).toBeGreaterThan(4_000_000);
  await back.setInputFiles({ name: 'arka-yuz.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(backSlot.getByRole('status')).toContainText('Fotoğrafınız 4 MB sınırına sığması için küçültüldü', { timeout: 30_000 });
  await expect(backSlot).not.toContainText('Yüklediğiniz dosya');
  await expect(backSlot).toContainText('arka-yuz.jpg');
  await expectNoAxeViolations(page);

  // Accepted by the server too, which refuses anything over 4,000,000 bytes.
  const upload = page.waitForResponse('**/api/v1/customers/upload-nationality-docs');
  await send.click();
  expect((await upload).status()).toBe(200);
  const success = page.getByRole('alertdialog', { name: 'Dosyalar Yüklend' });
  await success.getByRole('button', { name: 'Tamam' }).click();
  await expect(profile).toContainText('Onay Sürecinde');
});

test('§4 identity status 3 and its §8 notice: rejected, the reviewer message and a re-upload; a status set by the sandbox shows without a reload', async ({ page }) => {
  const customer = await registerCustomer(page.request);
  await page.goto('/');
  await page.evaluate(() => ((window as unknown as { e2eMarker: string }).e2eMarker = 'same-page'));

  await sandbox(`/__sandbox/customers/${customer.nationality_number}/identity-status`, { status: 3, message: 'Fotoğraflar bulanık.' });
  const profile = await openProfile(page, customer.name);
  await expect(profile.getByRole('tab')).toHaveText(['Kimlik Bilgileri']);
  await expect(profile).toContainText('Reddedildi');
  await expect(profile).toContainText('Kimlik bilgileriniz onaylanmadı. Lütfen kimliğinizin okunaklı görsellerini yeniden yükleyin.');
  await expect(profile).toContainText('Fotoğraflar bulanık.');
  await expect(fileInput(profile, 'Kimlik Ön Yüzü')).toBeEnabled();
  await expect(fileInput(profile, 'Kimlik Arka Yüzü')).toBeEnabled();
  await expect(profile.getByRole('button', { name: 'Belgeleri Gönder' })).toBeDisabled();
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => (window as unknown as { e2eMarker?: string }).e2eMarker)).toBe('same-page');
});

for (const { status, rule, label, next } of [
  { status: 1, rule: '§4 subscription status 1: new application', label: 'Yeni Başvuru', next: 'e-Devlet onayı için size gönderilecek e-postayı bekleyin' },
  { status: 2, rule: '§4 subscription status 2: in e-government approval', label: 'e-Devlet Onayı Bekleniyor', next: 'Başvurunuzu e-Devlet üzerinden' },
  { status: 3, rule: '§4 subscription status 3: in customer onboarding', label: 'Müşteri Karşılama Sürecinde', next: 'Müşteri karşılama süreciniz devam ediyor' },
  { status: 4, rule: '§4 subscription status 4 or 5: in process (4)', label: 'İşlemde', next: 'Hattınızın kurulumu ve aktivasyonu sürüyor.' },
  { status: 5, rule: '§4 subscription status 4 or 5: in process (5)', label: 'İşlemde', next: 'Hattınızın kurulumu ve aktivasyonu sürüyor.' },
  { status: 200, rule: '§4 subscription status 200: subscription started, with modem info', label: 'Abonelik Başladı', next: 'Aboneliğiniz aktif.' },
  { status: 998, rule: '§4 subscription status 998: cancelled', label: 'İptal Edildi', next: 'İletişim Formu üzerinden bize ulaşabilirsiniz' },
  { status: 999, rule: '§4 subscription status 999: cancelled', label: 'İptal Edildi', next: 'İletişim Formu üzerinden bize ulaşabilirsiniz' },
] as const) {
  test(`${rule}`, async ({ page }) => {
    const customer = await registerCustomer(page.request);
    const subscriptionId = customer.user.subscriptions[0]!.subscription_id;
    await sandbox(`/__sandbox/customers/${customer.nationality_number}/identity-status`, { status: 2 });
    if (status !== 1) await sandbox(`/__sandbox/subscriptions/${subscriptionId}/status`, { status });
    await page.goto('/');
    const profile = await openProfile(page, customer.name);
    const item = subscriptionItems(profile).first();
    await expect(item).toContainText(`Durum: ${label}`);
    await expect(item).toContainText(next);
    const timeline = item.getByRole('list', { name: 'Başvuru süreci' });
    if (status >= 998) {
      // Cancelled: no timeline, the contact form is the way on.
      await expect(timeline).toHaveCount(0);
    } else if (status === 200) {
      // Started: every stage is behind it.
      await expect(timeline.locator('[aria-current="step"]')).toHaveCount(0);
    } else {
      await expect(timeline.locator('[aria-current="step"]')).toHaveText(label);
    }

    // Modem info only on a started line (spec §2, §6).
    await item.getByRole('button', { name: /Detayları Gör/ }).click();
    const detail = page.getByRole('dialog', { name: /Abonelik Detayı/ });
    await expect(detail.getByRole('tabpanel')).toContainText(label);
    if (status === 200) {
      await detail.getByRole('tab', { name: 'Modem Bilgileri' }).click();
      await expect(detail.getByRole('tabpanel')).toContainText(`abone.${subscriptionId}`);
    } else {
      await expect(detail.getByRole('tab')).toHaveText(['Abonelik Bilgileri', 'Müşteri Bilgileri', 'Tarife Bilgileri']);
    }
    await expectNoAxeViolations(page);
  });
}

test('a new application of the logged-in customer appears at the top of the list', async ({ page }) => {
  const customer = await registerCustomer(page.request);
  await sandbox(`/__sandbox/customers/${customer.nationality_number}/identity-status`, { status: 2 });
  await page.goto('/');
  let profile = await openProfile(page, customer.name);
  await expect(subscriptionItems(profile)).toHaveCount(1);

  // What the wizard's 'Başvuruyu Tamamla' sends for a logged-in customer.
  const { hash } = await bffCall(page.request, '/customers/register-step-1', addressFields(1));
  await bffCall(page.request, '/customers/auth-register-step-2', { form_security_hash: hash, product_id: 3, pre_price_paid_type: 0, subscription_type: 1, consents: CONSENTS });
  profile = await reopenProfile(page, customer.name);
  const items = subscriptionItems(profile);
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('Limitsiz Fiber 1000');
  await expect(items.first()).toContainText('Durum: Yeni Başvuru');
  await expect(items.nth(1)).toContainText('Limitsiz Fiber 100');
});

test('§4 logout: the session ends and the user is cleared', { tag: '@phone' }, async ({ page }) => {
  const customer = await registerCustomer(page.request);
  await page.goto('/');
  const profile = await openProfile(page, customer.name);
  await profile.getByRole('button', { name: 'Çıkış Yap' }).click();
  await expect(profile).toBeHidden();
  const inquiry = nav(page).getByRole('button', { name: 'Başvuru Sorgulama' });
  await expect(inquiry).toBeVisible();
  await expect(inquiry).toBeFocused();
  await expect(nav(page).getByRole('button', { name: customer.name })).toHaveCount(0);
  expect((await (await page.request.get('/api/session')).json()).data).toBeNull();
  await page.reload();
  await expect(nav(page).getByRole('button', { name: 'Başvuru Sorgulama' })).toBeVisible();
});

test('speaks English on /en', async ({ page }) => {
  await apiLogin(page.request, FIXTURE_CUSTOMERS.underApproval);
  await page.goto('/en');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Zeynep Kaya' }).click();
  const profile = page.getByRole('dialog', { name: 'My account' });
  await expect(profile.getByRole('tab')).toHaveText(['Identity info']);
  await expect(profile).toContainText('Your identity is being reviewed. Your subscription can proceed once it is approved.');
  await expect(profile.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expectNoAxeViolations(page);
});
