import { expect, type Page, test } from '@playwright/test';
import { FIXTURE_CUSTOMERS } from '@/sandbox/fixtures';
import { apiLogin } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { randomMail, randomNationalityNumber, randomPhone } from './support/people';
import { latestCode, sandbox } from './support/sandbox';
import { chooseAddress, chooseLevel, fillIdentity, type Identity, verifyContact } from './support/wizard';

const person = (): Identity => ({
  nationality_number: randomNationalityNumber(),
  serial: 'A12B34567',
  name: 'Elif',
  surname: 'Şahin',
  mother: 'Gül',
  father: 'Ömer',
  birthdate: '14/02/1990',
  securityWord: 'Çiçekçi',
});

async function openWizard(page: Page) {
  await page.goto('/');
  await page.getByRole('link', { name: 'Yeni Başvuru' }).click();
  await expect(page).toHaveURL(/basvuru=yeni/);
  await expect(page.getByRole('heading', { level: 1, name: 'Yeni Başvuru' })).toBeVisible();
}

/** Address and package, as far as the identity step. */
async function reachIdentity(page: Page, door = 'Daire 2') {
  await openWizard(page);
  await chooseAddress(page, door);
  await expect(page.getByText('Altyapınız 100 Mbps hıza kadar destekliyor.')).toBeVisible();
  await page.getByRole('button', { name: 'Paket Seç' }).click();
  await page.getByRole('radio').first().check();
  await page.getByLabel('Kurulum ücreti ödeme yöntemi').selectOption({ label: '12 X 150 TL' });
  await page.getByRole('button', { name: 'Nüfus Bilgilerini Ekle' }).click();
  await expect(page.getByRole('heading', { name: 'Nüfus bilgileriniz' })).toBeVisible();
}

test('a visitor applies for a fibre line and ends logged in', async ({ page }) => {
  const applicant = person();
  const phone = randomPhone();
  const mail = randomMail();

  await openWizard(page);
  await expect(page.getByRole('heading', { name: 'Yeni Başvuru', level: 2 })).toBeHidden();
  await expectNoAxeViolations(page);
  await chooseAddress(page, 'Daire 1');
  await expect(page.getByText('Altyapınız 1000 Mbps hıza kadar destekliyor.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Hız göstergesi: 1000 Mbps' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Paket Seç' }).click();

  await expect(page.getByRole('heading', { name: 'Paketinizi seçin' })).toBeVisible();
  await expect(page.getByText(/kurulum ve aktivasyon ücreti 1.800 TL/)).toBeVisible();
  const next = page.getByRole('button', { name: 'Nüfus Bilgilerini Ekle' });
  await expect(next).toBeDisabled();
  await page.getByRole('radio', { name: /^Limitsiz Fiber 100 / }).check();
  await expect(page.getByRole('radio', { name: /^Limitsiz Fiber 100 / })).toBeChecked();
  await next.click();
  await expect(page.getByText('Kurulum ücreti ödeme yönteminizi lütfen seçin.').first()).toBeVisible();
  await page.getByLabel('Kurulum ücreti ödeme yöntemi').selectOption({ label: '12 X 150 TL' });
  await expectNoAxeViolations(page);
  await next.click();

  await expect(page.getByRole('heading', { name: 'Nüfus bilgileriniz' })).toBeVisible();
  await expect(page.getByText('nüfus kayıt sistemi üzerinden doğrulanacaktır', { exact: false })).toBeVisible();
  await fillIdentity(page, applicant);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'İletişim Bilgilerini Ekle' }).click();
  await page.getByRole('button', { name: 'Eklemeden Devam Et' }).click();

  await expect(page.getByRole('heading', { name: 'İletişim bilgileriniz' })).toBeVisible();
  await expect(page.getByText('Belirlenmemiş')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Kaydı Tamamla' })).toBeHidden();
  await expectNoAxeViolations(page);
  await verifyContact(page, 'phone', phone);
  await expect(page.getByRole('button', { name: 'Kaydı Tamamla' })).toBeHidden();
  await verifyContact(page, 'mail', mail);
  const summary = page.getByRole('complementary', { name: 'Başvuru özeti' });
  await expect(summary).toContainText('Limitsiz Fiber 100');
  await expect(summary).toContainText('İstanbul');
  await page.getByRole('button', { name: 'Kaydı Tamamla' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner')).toContainText(`${applicant.name} ${applicant.surname}`);
  await expect(page.getByRole('dialog', { name: 'Hesabım' })).toBeVisible();
  const events = await page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer);
  expect(events).toContainEqual({ event: 'online_subscription', flow: 'new' });
  const me = await (await page.request.get('/api/session')).json();
  expect(me.data.data.nationality_number).toBe(applicant.nationality_number);
  expect(me.data.subscriptions[0].status).toBe(1);
  expect(me.data.subscriptions[0].data.reference_type).toBe(1);
});

test('a VDSL door offers VDSL tariffs', async ({ page }) => {
  await openWizard(page);
  await chooseAddress(page, 'Daire 7');
  await expect(page.getByRole('heading', { name: /Altyapı sonucu: VDSL/ })).toBeVisible();
  await page.getByRole('button', { name: 'Paket Seç' }).click();
  const cards = page.getByRole('radio');
  await expect(cards.first()).toBeVisible();
  for (const name of await page.locator('label:has(input[type=radio])').allInnerTexts()) expect(name).toContain('VDSL');
  await page.getByRole('radio').first().check();
  await expect(page.getByLabel('Kurulum ücreti ödeme yöntemi').locator('option')).toContainText(['12 X 300 TL']);
});

for (const [door, label] of [
  ['Daire 9', 'ADSL'],
  ['Daire 10', 'no infrastructure'],
] as const) {
  test(`an address with ${label} stops with the unsuitable-area notice`, async ({ page }) => {
    await openWizard(page);
    await chooseAddress(page, door);
    await expect(page.getByText('Bölgeniz uygun değil')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Paket Seç' })).toBeHidden();
    await expectNoAxeViolations(page);
  });
}

test('single-option levels are skipped and a new province clears the levels below', async ({ page }) => {
  await openWizard(page);
  await chooseLevel(page, 'İl', 'İstanbul');
  await chooseLevel(page, 'İlçe', 'Kadıköy');
  await expect(page.getByRole('combobox', { name: 'Mahalle' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Bucak' })).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Köy' })).toBeHidden();
  const summary = page.getByRole('complementary', { name: 'Başvuru özeti' });
  await expect(summary).toContainText('Bucak: Merkez');

  await chooseLevel(page, 'İlçe', 'Şile');
  await expect(page.getByRole('combobox', { name: 'Bucak' })).toBeVisible();

  await chooseLevel(page, 'İl', 'Ankara');
  await expect(page.getByRole('combobox', { name: 'İlçe' })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Bucak' })).toBeHidden();
  await expect(summary).not.toContainText('Şile');
});

test('the search matches Turkish letters either way', async ({ page }) => {
  await openWizard(page);
  const province = page.getByRole('combobox', { name: 'İl', exact: true });
  await province.click();
  await province.fill('istanbul');
  await expect(page.getByRole('option', { name: 'İstanbul' })).toBeVisible();
  await province.fill('IĞDIR');
  await expect(page.getByRole('option', { name: 'Iğdır' })).toBeVisible();
  await province.press('ArrowDown');
  await province.press('Enter');
  await expect(province).toHaveValue('Iğdır');
});

test('an incomplete address is refused with the spec message', async ({ page }) => {
  await openWizard(page);
  await chooseLevel(page, 'İl', 'İstanbul');
  await page.getByRole('button', { name: 'Paket Seç' }).click();
  await expect(page.getByText('Eksik Bilgi Girişi')).toBeVisible();
  await expect(page.getByText('Lütfen bilgileri eksiksiz olarak tamamlayın. Bilgiler eksik olduğunda, işlemler gerçekleşmeyecektir.')).toBeVisible();
});

test('identity rules speak at their fields and keep what was typed', async ({ page }) => {
  await reachIdentity(page);
  await page.getByRole('button', { name: 'İletişim Bilgilerini Ekle' }).click();
  await expect(page.getByText('Vatandaşlık numaranızı 11 hane olarak, eksiksiz ve doğru yazın.')).toBeVisible();
  await expect(page.getByText('Bu alan zorunludur.').first()).toBeVisible();
  await expect(page.getByText('Lütfen cinsiyet seçin.')).toBeVisible();

  await page.getByLabel('T.C. Kimlik No').pressSequentially('12345678901');
  await page.getByLabel('Güvenlik Kelimesi', { exact: true }).fill('kelime 12');
  await page.getByLabel('Doğum Tarihi').pressSequentially('31022000');
  await page.getByLabel('Kimlik Seri No').fill('A1');
  await page.getByRole('button', { name: 'İletişim Bilgilerini Ekle' }).click();
  await expect(page.getByText('Vatandaşlık numaranızı 11 hane olarak, eksiksiz ve doğru yazın.')).toBeVisible();
  await expect(page.getByText('Güvenlik kelimesi yalnızca harflerden oluşmalıdır; boşluk ve rakam içeremez.')).toBeVisible();
  await expect(page.getByText('Doğum tarihini GG/AA/YYYY biçiminde, geçerli bir tarih olarak yazın.')).toBeVisible();
  await expect(page.getByLabel('T.C. Kimlik No')).toHaveAttribute('aria-invalid', 'true');

  await page.reload();
  await expect(page.getByLabel('Kimlik Seri No')).toHaveValue('A1');
  await expect(page.getByLabel('Güvenlik Kelimesi', { exact: true })).toHaveValue('kelime 12');
});

test('a registered TC kimlik no opens the registered-user popup', async ({ page }) => {
  await reachIdentity(page);
  await fillIdentity(page, { ...person(), nationality_number: FIXTURE_CUSTOMERS.approved.nationality_number });
  await page.getByRole('button', { name: 'İletişim Bilgilerini Ekle' }).click();
  await page.getByRole('button', { name: 'Eklemeden Devam Et' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Kayıtlı Kullanıcı' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Vazgeç' }).click();
  await expect(page.getByLabel('Ad', { exact: true })).toHaveValue('Elif');
});

test('campaign codes: refused, then applied; the no-code popup asks both ways', async ({ page }) => {
  await reachIdentity(page);
  const applicant = person();
  await fillIdentity(page, applicant);

  await page.getByRole('button', { name: 'İletişim Bilgilerini Ekle' }).click();
  await page.getByRole('button', { name: 'Kod Ekle' }).click();
  // The popup's close animation keeps the page inert for a moment.
  await expect(page.getByRole('alertdialog')).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Nüfus bilgileriniz' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Kampanya kodu', exact: true }).fill('YANLIS');
  await page.getByRole('button', { name: 'Sorgula', exact: true }).click();
  await expect(page.getByText('Kampanya kodu bulunamadı.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Kampanya kodu', exact: true }).fill('KAMPANYA50');
  await page.getByRole('button', { name: 'Sorgula', exact: true }).click();
  await expect(page.getByText('Kod Uygulandı')).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Başvuru özeti' })).toContainText('KAMPANYA50');

  await page.getByRole('button', { name: 'İletişim Bilgilerini Ekle' }).click();
  await expect(page.getByRole('heading', { name: 'İletişim bilgileriniz' })).toBeVisible();
});

test('wrong and expired SMS codes are refused in the phone popup', async ({ page }) => {
  await reachIdentity(page);
  await fillIdentity(page, person());
  await page.getByRole('button', { name: 'İletişim Bilgilerini Ekle' }).click();
  await page.getByRole('button', { name: 'Eklemeden Devam Et' }).click();

  const phone = randomPhone();
  await page.getByRole('button', { name: 'Cep telefonu: Ekle' }).click();
  const dialog = page.getByRole('dialog', { name: 'Telefon numarası doğrulama' });
  await dialog.getByLabel('Cep telefonu numaranız').pressSequentially('12');
  await dialog.getByRole('button', { name: 'Kod Gönder' }).click();
  await expect(dialog.getByText('Lütfen telefon numaranızı kontrol edin.')).toBeVisible();
  await dialog.getByLabel('Cep telefonu numaranız').press('ControlOrMeta+a');
  await dialog.getByLabel('Cep telefonu numaranız').press('Delete');
  await dialog.getByLabel('Cep telefonu numaranız').pressSequentially(phone.replace(/^\+90/, '').replace(/\D/g, ''));
  await expect(dialog.getByLabel('Cep telefonu numaranız')).toHaveValue(phone);
  await dialog.getByRole('button', { name: 'Kod Gönder' }).click();
  await expect(dialog.getByText(/saniye sonra yeniden kod isteyebilirsiniz/)).toBeVisible();

  await dialog.getByLabel('Onay kodu').pressSequentially('000000');
  await dialog.getByRole('button', { name: 'Onayla' }).click();
  await expect(dialog.getByText(/SMS onay kodu hatalı/)).toBeVisible();

  await sandbox('/__sandbox/codes/expire', { to: phone });
  await dialog.getByLabel('Onay kodu').press('ControlOrMeta+a');
  await dialog.getByLabel('Onay kodu').press('Delete');
  await dialog.getByLabel('Onay kodu').pressSequentially(await latestCode(phone));
  await dialog.getByRole('button', { name: 'Onayla' }).click();
  await expect(dialog.getByText('Onay kodunun süresi doldu. Lütfen yeni bir kod isteyin.')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a reload resumes the wizard and the back button moves a step back', async ({ page }) => {
  await openWizard(page);
  await chooseAddress(page, 'Daire 3');
  await page.getByRole('button', { name: 'Paket Seç' }).click();
  await expect(page.getByRole('heading', { name: 'Paketinizi seçin' })).toBeVisible();
  await expect(page).toHaveURL(/adim=2/);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Paketinizi seçin' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Başvuru özeti' })).toContainText('Daire 3');

  await page.goBack();
  await expect(page.getByRole('combobox', { name: 'İç Kapı No' })).toHaveValue('Daire 3');
  await page.goForward();
  await expect(page.getByRole('heading', { name: 'Paketinizi seçin' })).toBeVisible();
});

test('a logged-in customer applies through auth-register-step-2', async ({ page }) => {
  await apiLogin(page.request, FIXTURE_CUSTOMERS.underApproval);
  const before = (await (await page.request.get('/api/session')).json()).data.subscriptions.length;

  await openWizard(page);
  await expect(page.getByRole('list', { name: 'Başvuru adımları' }).getByRole('listitem')).toHaveCount(2);
  await chooseAddress(page, 'Daire 4');
  await page.getByRole('button', { name: 'Paket Seç' }).click();
  await page.getByRole('radio').first().check();
  await page.getByLabel('Kurulum ücreti ödeme yöntemi').selectOption({ index: 1 });
  await expect(page.getByRole('tab', { name: 'Referans Kodu' })).toBeVisible();
  await page.getByRole('button', { name: 'Başvuruyu Tamamla' }).click();
  await page.getByRole('button', { name: 'Eklemeden Devam Et' }).click();

  await expect(page).toHaveURL(/\/$/);
  const after = (await (await page.request.get('/api/session')).json()).data.subscriptions;
  expect(after.length).toBe(before + 1);
  expect(after[0].status).toBe(1);
});
