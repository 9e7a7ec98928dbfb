import { expect, type Page, test } from '@playwright/test';
import { maskMail, maskPhone } from '@/lib/domain/mask';
import { FIXTURE_CUSTOMERS } from '@/sandbox/fixtures';
import { apiLogin, bffPost } from './support/api';
import { addressFields, bffCall, registerCustomer } from './support/register';
import { expectNoAxeViolations } from './support/axe';
import { randomMail, randomPhone } from './support/people';
import { latestCode, sandbox } from './support/sandbox';
import { acceptConsents, confirmCommitment } from './support/consents';
import { passFinishLine } from './support/received';
import { startAtAddress, startAtContact, startAtIdentity, startAtPackage } from './support/flow-state';
import {
  chooseAddress,
  chooseLevel,
  fillIdentity,
  newApplicant as person,
  openWizard,
  phoneDigits,
  verifyContact,
} from './support/wizard';


/** The spec's success dialog for an applied code (§8): what the code gives, then 'Tamam'. */
async function closeCodeApplied(page: Page, title: string, text: string) {
  const dialog = page.getByRole('alertdialog', { name: title });
  await expect(dialog).toContainText(text);
  await dialog.getByRole('button', { name: 'Tamam' }).click();
  await expect(dialog).toBeHidden();
}
test('§4 new flow: address, package, identity, contact, then logged in with the profile open; §4 infrastructure: fibre with gbps is 1000 Mbps', { tag: '@phone' }, async ({ page }) => {
  // The whole application with ten accessibility scans: more than the default minute on a busy machine.
  test.slow();
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
  // Enabled before a package is chosen: pressed, it says why (the §5 package test).
  const next = page.getByRole('button', { name: 'Nüfus Bilgilerini Ekle' });
  await expect(next).toBeEnabled();
  await page.getByRole('radio', { name: /^Limitsiz Fiber 100 / }).check();
  await expect(page.getByRole('radio', { name: /^Limitsiz Fiber 100 / })).toBeChecked();
  await page.getByLabel('Kurulum ücreti ödeme yöntemi').selectOption({ label: '12 X 150 TL' });
  await expectNoAxeViolations(page);
  await next.click();

  await expect(page.getByRole('heading', { name: 'Nüfus bilgileriniz' })).toBeVisible();
  await expect(page.getByText('nüfus kayıt sistemi üzerinden doğrulanacaktır', { exact: false })).toBeVisible();
  await fillIdentity(page, applicant);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'İletişim Bilgilerini Ekle' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Kampanya Kodu' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Eklemeden Devam Et' }).click();

  // The commitment summary, on its own step before the consents (lib/domain/pricing.test.ts works
  // these figures out: Limitsiz Fiber 100, the welcome discount, 12 X 150 TL).
  await expect(page.getByRole('heading', { name: 'Taahhüt özetiniz' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /KVKK Aydınlatma Metni/ })).toHaveCount(0);
  const figures = page.getByRole('group', { name: 'Taahhüt özeti rakamları' }).getByRole('definition');
  await expect(figures).toContainText(['Limitsiz Fiber 100 (fiber hat)', '1.800 TL, 12 taksitte (aylık 150 TL)', '12 ay', '499,90 TL', '592,40 TL', '80 TL (1. ayın sonunda ayrılırsanız)', '590 TL (10. ayın sonunda ayrılırsanız)']);
  await expectNoAxeViolations(page);
  // Its own box, unticked: pressed before it is ticked, the step says so and goes nowhere.
  await page.getByRole('button', { name: 'Devam Et' }).click();
  await expect(page.getByRole('link', { name: 'Devam etmek için taahhüt özetini okuduğunuzu onaylayın.' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /Taahhüt özetini okudum/ })).toBeFocused();
  await confirmCommitment(page);

  await expect(page.getByRole('heading', { name: 'İletişim bilgileriniz' })).toBeVisible();
  await expect(page.getByText('Belirlenmemiş')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Kaydı Tamamla' })).toBeHidden();
  await expectNoAxeViolations(page);
  await verifyContact(page, 'phone', phone, undefined, { axe: true });
  await expect(page.getByRole('button', { name: 'Kaydı Tamamla' })).toBeHidden();
  await verifyContact(page, 'mail', mail, undefined, { axe: true });
  const summary = page.getByRole('complementary', { name: 'Başvuru özeti' });
  await expect(summary).toContainText('Limitsiz Fiber 100');
  await expect(summary).toContainText('İstanbul');
  // The consents come before the finish: the button stays enabled and names them if pressed early (e2e/price.spec.ts).
  const finish = page.getByRole('button', { name: 'Kaydı Tamamla' });
  await expect(finish).toBeEnabled();
  await expectNoAxeViolations(page);
  await acceptConsents(page);
  await expect(finish).toBeEnabled();
  await finish.click();

  // The finish line: the application's number, the order as bought, the next steps as the profile
  // tracks them; from there the profile.
  await expect(page.getByRole('heading', { level: 1, name: 'Başvurunuz alındı' })).toBeFocused();
  const number = await page.getByText(/^Başvuru numaranız: \d+/).textContent();
  const order = page.getByRole('complementary', { name: 'Başvuru özeti' });
  await expect(order).toContainText('Limitsiz Fiber 100');
  await expect(order).toContainText('12 X 150 TL');
  await expect(order).toContainText('12 ay');
  await expect(page.getByRole('list', { name: 'Başvuru süreci' }).getByRole('listitem').first()).toHaveAttribute('aria-current', 'step');
  await expect(page.getByText(/^Sıradaki adım:/)).toBeVisible();
  await expect(page.getByText('Onayın ardından kurulum için sizi arayıp bir randevu belirleyeceğiz.')).toBeVisible();
  // What was accepted, to keep: a PDF of this application's texts (e2e/documents.spec.ts reads one back).
  const documents = page.getByRole('link', { name: 'Kabul ettiğiniz metinleri indirin (PDF)' });
  await expect(documents).toHaveAttribute('href', `/api/documents/${number!.match(/\d+/)![0]}`);
  const pdf = await page.request.get((await documents.getAttribute('href'))!);
  expect([pdf.status(), pdf.headers()['content-type']]).toEqual([200, 'application/pdf']);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Hesabıma Git' }).click();

  await expect(page).toHaveURL(/\/#profil$/);
  await expect(page.getByRole('banner')).toContainText(`${applicant.name} ${applicant.surname}`);
  await expect(page.getByRole('dialog', { name: 'Hesabım' })).toBeVisible();
  const events = await page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer);
  expect(events).toContainEqual({ event: 'online_subscription', flow: 'new' });
  const me = await (await page.request.get('/api/session')).json();
  expect(me.data.data.nationality_number).toBe(applicant.nationality_number);
  expect(number).toMatch(new RegExp(`^Başvuru numaranız: ${me.data.subscriptions[0].subscription_id}\\b`));
  expect(me.data.subscriptions[0].status).toBe(1);
  expect(me.data.subscriptions[0].data.reference_type).toBe(1);
});

// The tests below that start at a door already chosen reach it through the address lists' real calls
// (e2e/support/flow-state.ts): the cascade itself is the subject of the new flow's walk above and of
// the address tests further down.
test('§4 infrastructure: VDSL allows continuing, with VDSL tariffs', async ({ page }) => {
  await startAtAddress(page, 'Daire 7');
  await expect(page.getByRole('heading', { name: /Altyapı sonucu: VDSL/ })).toBeVisible();
  await page.getByRole('button', { name: 'Paket Seç' }).click();
  const cards = page.getByRole('radio');
  await expect(cards).toHaveCount(3);
  for (const card of await cards.all()) await expect(card).toHaveAccessibleName(/^Limitsiz VDSL /);
  await page.getByRole('radio').first().check();
  await expect(page.getByLabel('Kurulum ücreti ödeme yöntemi').locator('option')).toContainText(['12 X 300 TL']);
});

for (const [door, rule] of [
  ['Daire 9', '§4 infrastructure: ADSL only is unsuitable'],
  ['Daire 10', '§4 infrastructure: no infrastructure is unsuitable'],
] as const) {
  // One of the two on phone: the same notice.
  test(`${rule}; §8 unsuitable area: the not-suitable notice`, { tag: door === 'Daire 9' ? '@phone' : [] }, async ({ page }) => {
    await startAtAddress(page, door);
    const notice = page.getByRole('alert').filter({ hasText: 'Bölgeniz uygun değil' });
    await expect(notice).toContainText('Bölgeniz, sunduğumuz hizmetlerin hiçbirine uygun değildir. Altyapı geldiğinde başvurabilirsiniz.');
    if (door === 'Daire 9') await expect(notice).toContainText('ADSL');
    await expect(page.getByRole('img', { name: /Hız göstergesi/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Paket Seç' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
}

test("§4 address: changing a higher level clears the lower levels; single-option levels are skipped; §2 address: a township of several villages shows the Köy list; §2 address: a province of one district has it chosen and its list skipped", async ({ page }) => {
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
  // Şile's central township has three villages (docs/sandbox.md): the Köy list is shown, with its search.
  await chooseLevel(page, 'Bucak', 'Merkez');
  const village = page.getByRole('combobox', { name: 'Köy', exact: true });
  await expect(village).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Mahalle' })).toBeHidden();
  await village.click();
  await expect(page.getByRole('listbox', { name: 'Köy' }).getByRole('option')).toHaveText(['Merkez', 'Eskiköy Köyü', 'Ortaca Köyü']);
  await village.fill('orta');
  await page.getByRole('listbox', { name: 'Köy' }).getByRole('option', { name: 'Ortaca Köyü', exact: true }).click();
  await expect(village).toHaveValue('Ortaca Köyü');
  await expect(summary).toContainText('Köy: Ortaca Köyü');
  await expect(page.getByRole('combobox', { name: 'Mahalle' })).toBeVisible();

  await chooseLevel(page, 'İl', 'Ankara');
  await expect(page.getByRole('combobox', { name: 'İlçe' })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Bucak' })).toBeHidden();
  await expect(summary).not.toContainText('Şile');

  // Bayburt lists one district in the sandbox (docs/sandbox.md): it is chosen without asking, and
  // so are its single township and village; the neighbourhoods come next.
  await chooseLevel(page, 'İl', 'Bayburt');
  await expect(page.getByRole('combobox', { name: 'Mahalle' })).toBeVisible();
  for (const skipped of ['İlçe', 'Bucak', 'Köy']) await expect(page.getByRole('combobox', { name: skipped, exact: true })).toHaveCount(0);
  await expect(summary).toContainText('İl: Bayburt');
  await expect(summary).toContainText('İlçe: Merkez');
  await expect(summary).toContainText('Bucak: Merkez');
  await expect(summary).toContainText('Köy: Merkez');
  await expect(summary).not.toContainText('Ankara');
});

test('§5 selects: search ignores case with Turkish dotted and dotless i', async ({ page }) => {
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

test('§5 address: all eight levels before continuing; §4 infrastructure: fibre without gbps is its down speed', async ({ page }) => {
  await openWizard(page);
  // A list on its way says so: the district list is held until that was seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/util/infrastructure-inquiry/infrastructure', async (route) => {
    await held;
    await route.continue();
  });
  await chooseLevel(page, 'İl', 'İstanbul');
  await expect(page.getByRole('status').filter({ hasText: 'İlçe listesi yükleniyor…' })).toBeVisible();
  // From here on every list passes at once.
  release();
  // The district list is in place (the button below has stopped moving).
  const district = page.getByRole('combobox', { name: 'İlçe' });
  await expect(district).toBeVisible();
  await page.getByRole('button', { name: 'Paket Seç' }).click();

  // The spec's message once, at the level to choose, with the focus there and a summary linking to it.
  const text = 'Eksik Bilgi Girişi Lütfen bilgileri eksiksiz olarak tamamlayın. Bilgiler eksik olduğunda, işlemler gerçekleşmeyecektir.';
  const missing = page.getByRole('alert').filter({ hasText: 'Eksik Bilgi Girişi' });
  await expect(missing).toHaveText(text);
  await expect(district).toBeFocused();
  await expect(district).toHaveAttribute('aria-invalid', 'true');
  await expect(district).toHaveAccessibleDescription(text);
  await expect(page.getByText('Bir alanı düzeltin')).toBeVisible();
  await page.getByRole('combobox', { name: 'İl', exact: true }).focus();
  await page.getByRole('link', { name: 'İlçe', exact: true }).click();
  await expect(district).toBeFocused();
  await expect(page).toHaveURL(/basvuru=yeni$/);
  await expectNoAxeViolations(page);

  // Seven levels are not enough either: the inner door is missing.
  await chooseLevel(page, 'İlçe', 'Kadıköy');
  await chooseLevel(page, 'Mahalle');
  await chooseLevel(page, 'Sokak/Cadde');
  await chooseLevel(page, 'Bina');
  await expect(missing).toHaveCount(0);
  await page.getByRole('button', { name: 'Paket Seç' }).click();
  await expect(missing).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'İç Kapı No' })).toBeFocused();
  await chooseLevel(page, 'İç Kapı No', 'Daire 2');
  await expect(missing).toHaveCount(0);
  // Door 2: fibre without gbps, 100,000 kbps down, shown as 100 Mbps.
  await expect(page.getByRole('heading', { name: 'Altyapı sonucu: Fiber' })).toBeVisible();
  await expect(page.getByText('Altyapınız 100 Mbps hıza kadar destekliyor.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Hız göstergesi: 100 Mbps' })).toBeVisible();
  await page.getByRole('button', { name: 'Paket Seç' }).click();
  await expect(page.getByRole('heading', { name: 'Paketinizi seçin' })).toBeVisible();
});

test('§8 address list failure: Veriler gelirken bir hata oluştu', async ({ page }) => {
  await openWizard(page);
  // The district list of İstanbul fails once (the upstream or the network), then answers again.
  let failed = false;
  await page.route('**/api/v1/util/infrastructure-inquiry/infrastructure', async (route) => {
    if (failed || route.request().postDataJSON()?.type !== 'city') return route.continue();
    failed = true;
    await route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":false}' });
  });
  await chooseLevel(page, 'İl', 'İstanbul');
  const failure = page.getByRole('alert').filter({ hasText: 'Veriler gelirken bir hata oluştu.' });
  await expect(failure).toHaveText(/^Veriler gelirken bir hata oluştu\./);
  await expect(page.getByRole('combobox', { name: 'İlçe' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await failure.getByRole('button', { name: 'Tekrar dene' }).click();
  await expect(failure).toHaveCount(0);
  await chooseLevel(page, 'İlçe', 'Kadıköy');
  await expect(page.getByRole('combobox', { name: 'Mahalle' })).toBeVisible();
});

test('§5 package: must be chosen; §5 package: unknown product; §5 package: a setup-fee payment method', async ({ page }) => {
  await startAtAddress(page, 'Daire 1');
  await page.getByRole('button', { name: 'Paket Seç' }).click();
  await expect(page.getByRole('heading', { name: 'Paketinizi seçin' })).toBeVisible();

  // No package: the button stays enabled; pressed (by keyboard), it says why.
  const next = page.getByRole('button', { name: 'Nüfus Bilgilerini Ekle' });
  await expect(next).toBeEnabled();
  await next.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Paket Seçimi Yapılmadı' })).toHaveText('Paket Seçimi Yapılmadı Lütfen bir paket seçin.');
  await expect(page.getByRole('radio').first()).toBeFocused();
  await expect(page.getByRole('group', { name: 'Paketinizi seçin' })).toHaveAccessibleDescription('Paket Seçimi Yapılmadı Lütfen bir paket seçin.');
  await expect(page.getByRole('heading', { name: 'Nüfus bilgileriniz' })).toHaveCount(0);

  // A fibre tariff, then a VDSL door: the tariff chosen is not one this line has.
  await page.getByRole('radio', { name: /^Limitsiz Fiber 1000 / }).check();
  await expect(page.getByRole('alert').filter({ hasText: 'Paket Seçimi Yapılmadı' })).toHaveCount(0);
  await page.goBack();
  await chooseLevel(page, 'İç Kapı No', 'Daire 7');
  await expect(page.getByRole('heading', { name: /Altyapı sonucu: VDSL/ })).toBeVisible();
  await page.getByRole('button', { name: 'Paket Seç' }).click();
  await expect(page.getByRole('heading', { name: 'Paketinizi seçin' })).toBeVisible();
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
  await next.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Tarife Bulunamadı' })).toHaveText(
    'Tarife Bulunamadı Seçtiğiniz tarife bulunamadı. Lütfen başka bir paket seçin.',
  );

  // A VDSL tariff without its setup-fee payment method.
  await page.getByRole('radio', { name: /^Limitsiz VDSL 16 / }).check();
  await expect(page.getByRole('alert').filter({ hasText: 'Tarife Bulunamadı' })).toHaveCount(0);
  await next.click();
  const setup = page.getByLabel('Kurulum ücreti ödeme yöntemi');
  await expect(page.getByRole('alert').filter({ hasText: 'Kurulum Ücreti Ödeme Yöntemi Hatalı' })).toHaveText(
    'Kurulum Ücreti Ödeme Yöntemi Hatalı Kurulum ücreti ödeme yönteminizi lütfen seçin.',
  );
  await expect(setup).toHaveAccessibleDescription('Kurulum Ücreti Ödeme Yöntemi Hatalı Kurulum ücreti ödeme yönteminizi lütfen seçin.');
  // Said once, at the field, which has the focus; the summary above links to it.
  await expect(setup).toBeFocused();
  await expect(page.getByText('Kurulum ücreti ödeme yönteminizi lütfen seçin.')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Kurulum Ücreti Ödeme Yöntemi Hatalı' })).toHaveAttribute('href', /-setup$/);
  await expect(setup).toHaveAttribute('aria-invalid', 'true');
  await setup.selectOption({ label: '12 X 300 TL' });
  await next.click();
  await expect(page.getByRole('heading', { name: 'Nüfus bilgileriniz' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Başvuru özeti' })).toContainText('Limitsiz VDSL 16');
});

test('only tariffs the line carries can be chosen: faster ones are disabled with the line speed, the fastest that fits is marked', async ({ page }) => {
  const tariff = (name: string) => page.getByRole('radio', { name: new RegExp(`^${name} `) });
  const summary = page.getByRole('complementary', { name: 'Başvuru özeti' });
  await startAtAddress(page, 'Daire 1');
  await page.getByRole('button', { name: 'Paket Seç' }).click();
  for (const name of ['Limitsiz Fiber 100', 'Limitsiz Fiber 200', 'Limitsiz Fiber 1000']) await expect(tariff(name)).toBeEnabled();
  await expect(tariff('Limitsiz Fiber 1000')).toHaveAccessibleName(/Hattınıza en uygun$/);
  await expect(tariff('Limitsiz Fiber 100')).not.toHaveAccessibleName(/Hattınıza en uygun/);
  await tariff('Limitsiz Fiber 1000').check();
  await expect(summary).toContainText('Limitsiz Fiber 1000');

  // A 100 Mbps door: the faster tariffs cannot be chosen, and the gigabit choice is gone from the step and the summary.
  await page.goBack();
  await chooseLevel(page, 'İç Kapı No', 'Daire 2');
  await expect(page.getByText('Altyapınız 100 Mbps hıza kadar destekliyor.')).toBeVisible();
  await page.getByRole('button', { name: 'Paket Seç' }).click();
  for (const name of ['Limitsiz Fiber 200', 'Limitsiz Fiber 1000']) {
    await expect(tariff(name)).toBeDisabled();
    await expect(tariff(name)).toHaveAccessibleName(/Hattınız en fazla 100 Mbps taşıyor; bu tarife seçilemez\.$/);
  }
  await expect(tariff('Limitsiz Fiber 100')).toBeEnabled();
  await expect(tariff('Limitsiz Fiber 100')).toHaveAccessibleName(/Hattınıza en uygun$/);
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(summary).not.toContainText('Limitsiz Fiber 1000');
  await tariff('Limitsiz Fiber 100').check();
  await expect(summary).toContainText('Limitsiz Fiber 100');
  await expect(summary).toContainText("100 Mbps'e kadar");
});

/** A register-step-3 body that passes every rule, for the backend-for-frontend checks. */
const identityBody = (overrides: Record<string, unknown>) => ({
  form_security_hash: 'checked-before-the-upstream',
  subscription_type: 1,
  nationality: 'TR',
  nationality_number: person().nationality_number,
  nationality_serial_no: 'A12B34567',
  name: 'Elif',
  surname: 'Şahin',
  gender: 1,
  job: 'MUHENDIS',
  birthdate: '14/02/1990',
  mother_name: 'Gül',
  father_name: 'Ömer',
  security_word: 'Çiçekçi',
  ...overrides,
});

test('§5 identity: all fields required, gender 1 or 2', async ({ page }) => {
  await startAtIdentity(page);
  await page.getByRole('button', { name: 'İletişim Bilgilerini Ekle' }).click();

  // An error summary at the top links to each field; the focus is on the first of them.
  await expect(page.getByLabel('T.C. Kimlik No')).toBeFocused();
  const summary = page.getByRole('heading', { name: '10 alanı düzeltin' }).locator('..');
  await expect(summary.getByRole('link')).toHaveText(['T.C. Kimlik No', 'Kimlik Seri No', 'Ad', 'Soyad', 'Anne Adı', 'Baba Adı', 'Doğum Tarihi', 'Cinsiyet', 'Meslek', 'Güvenlik Kelimesi']);
  await summary.getByRole('link', { name: 'Meslek' }).click();
  await expect(page.getByLabel('Meslek')).toBeFocused();
  await summary.getByRole('link', { name: 'Cinsiyet' }).click();
  await expect(page.getByRole('radio', { name: 'Kadın' })).toBeFocused();

  // Every field speaks at itself, once; nothing is sent and no popup opens.
  const required = 'Bu alan zorunludur.';
  await expect(page.getByLabel('T.C. Kimlik No')).toHaveAccessibleDescription(
    'Vatandaşlık Numarası Hatalı T.C. Kimlik No 11 haneden oluşur; eksiksiz ve doğru yazın.',
  );
  // 'Required' is told apart from 'wrong'; the hint says where the serial number is printed.
  await expect(page.getByLabel('Kimlik Seri No')).toHaveAccessibleDescription(
    "Kimlik kartınızın ön yüzünde, sağ üstte 'Seri No' olarak yazar (ör. A12B34567). Bu alan zorunludur.",
  );
  for (const label of ['Ad', 'Soyad', 'Anne Adı', 'Baba Adı']) {
    await expect(page.getByLabel(label, { exact: true })).toHaveAccessibleDescription(required);
    await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('aria-invalid', 'true');
  }
  await expect(page.getByLabel('Doğum Tarihi')).toHaveAccessibleDescription(/Doğum tarihini GG\/AA\/YYYY biçiminde, geçerli bir tarih olarak yazın\.$/);
  await expect(page.getByRole('group', { name: 'Cinsiyet' })).toHaveAccessibleDescription('Lütfen cinsiyet seçin.');
  await expect(page.getByLabel('Meslek')).toHaveAccessibleDescription(required);
  await expect(page.getByLabel('Güvenlik Kelimesi', { exact: true })).toHaveAccessibleDescription(
    /Güvenlik kelimesi yalnızca harflerden oluşmalıdır; boşluk ve rakam içeremez\.$/,
  );
  await expect(page.getByText(required, { exact: true })).toHaveCount(6);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Nüfus bilgileriniz' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Each message goes once its field is right, and with it its line of the summary; the gender is one of the two.
  await fillIdentity(page, person());
  await expect(page.getByText(required, { exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /alanı düzeltin$/ })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Cinsiyet' })).toHaveAccessibleDescription('');
  await expect(page.getByRole('group', { name: 'Cinsiyet' }).getByRole('radio')).toHaveCount(2);

  // The backend-for-frontend holds the same rules: a gender other than 1 or 2, an empty name.
  const refused = await bffPost(page.request, '/customers/register-step-3', identityBody({ gender: 3, name: ' ' }));
  expect(refused.status()).toBe(400);
  expect((await refused.json()).details.fields).toEqual({ name: required, gender: 'Lütfen cinsiyet seçin.' });
});

test('§5 identity: citizenship number exactly 11 digits; §5 identity: ID serial no at most 11 characters; §5 identity: security word letters only, Turkish letters allowed; §5 identity: birth date mask DD/MM/YYYY', async ({
  page,
}) => {
  await startAtIdentity(page);
  const tc = page.getByLabel('T.C. Kimlik No');
  const serial = page.getByLabel('Kimlik Seri No');
  const word = page.getByLabel('Güvenlik Kelimesi', { exact: true });
  const birthdate = page.getByLabel('Doğum Tarihi');
  const submit = page.getByRole('button', { name: 'İletişim Bilgilerini Ekle' });
  const citizenshipError = 'Vatandaşlık Numarası Hatalı T.C. Kimlik No 11 haneden oluşur; eksiksiz ve doğru yazın.';
  const wordError = /Güvenlik kelimesi yalnızca harflerden oluşmalıdır; boşluk ve rakam içeremez\.$/;
  const dateError = /Doğum tarihini GG\/AA\/YYYY biçiminde, geçerli bir tarih olarak yazın\.$/;
  const clear = async (field: typeof tc) => {
    await field.press('ControlOrMeta+a');
    await field.press('Delete');
  };

  // Ten digits, then eleven with a wrong checksum: 'Vatandaşlık Numarası Hatalı'. The mask takes digits only.
  await tc.pressSequentially('1234567890x');
  await expect(tc).toHaveValue('1234567890');
  // Twelve characters: the field keeps eleven.
  await serial.pressSequentially('A12B3456789X');
  await expect(serial).toHaveValue('A12B3456789');
  await word.fill('kelime 12');
  await birthdate.pressSequentially('31022000');
  await expect(birthdate).toHaveValue('31/02/2000');
  await submit.click();
  await expect(tc).toHaveAccessibleDescription(citizenshipError);
  await expect(page.getByText('Vatandaşlık Numarası Hatalı', { exact: true })).toBeVisible();
  await expect(serial).not.toHaveAttribute('aria-invalid');
  await expect(word).toHaveAccessibleDescription(wordError);
  await expect(birthdate).toHaveAccessibleDescription(dateError);
  // Eleven digits whose checksum fails: the same title, a text that says what is wrong.
  await tc.press('End');
  await tc.pressSequentially('1');
  await expect(tc).toHaveValue('12345678901');
  await expect(tc).toHaveAccessibleDescription(
    'Vatandaşlık Numarası Hatalı 11 hane tamam, ancak bu geçerli bir T.C. Kimlik No değil. Rakamları tek tek kontrol edin.',
  );

  // Digits or a space in the security word are refused; Turkish letters are letters.
  await word.fill('Kelime1');
  await expect(word).toHaveAccessibleDescription(wordError);
  await word.fill('ÇığırİşÖğÜ');
  await expect(word).not.toHaveAttribute('aria-invalid');
  // The mask writes DD/MM/YYYY from the digits alone.
  await clear(birthdate);
  await birthdate.pressSequentially('1402ab1990');
  await expect(birthdate).toHaveValue('14/02/1990');
  await expect(birthdate).not.toHaveAttribute('aria-invalid');
  await clear(tc);
  const valid = person().nationality_number;
  await tc.pressSequentially(valid);
  await expect(tc).not.toHaveAttribute('aria-invalid');

  // What was typed survives a reload.
  await page.reload();
  await expect(serial).toHaveValue('A12B3456789');
  await expect(word).toHaveValue('ÇığırİşÖğÜ');
  await expect(tc).toHaveValue(valid);

  // The backend-for-frontend refuses the same: ten digits, twelve serial characters, a date that is no date.
  const refused = await bffPost(
    page.request,
    '/customers/register-step-3',
    identityBody({ nationality_number: '1234567890', nationality_serial_no: 'A12B34567890', security_word: 'Çiçek 1', birthdate: '1990-02-14' }),
  );
  expect(refused.status()).toBe(400);
  expect((await refused.json()).details.fields).toEqual({
    nationality_number: 'T.C. Kimlik No 11 haneden oluşur; eksiksiz ve doğru yazın.',
    nationality_serial_no: 'Kimlik seri numarası en fazla 11 harf ve rakamdan oluşur.',
    birthdate: 'Doğum tarihini GG/AA/YYYY biçiminde, geçerli bir tarih olarak yazın.',
    security_word: 'Güvenlik kelimesi yalnızca harflerden oluşmalıdır; boşluk ve rakam içeremez.',
  });
});

test('§8 registered_user at step 3: the registered-user popup', { tag: '@phone' }, async ({ page }) => {
  await startAtIdentity(page);
  await fillIdentity(page, { ...person(), nationality_number: FIXTURE_CUSTOMERS.approved.nationality_number });
  await page.getByRole('button', { name: 'İletişim Bilgilerini Ekle' }).click();
  await page.getByRole('button', { name: 'Eklemeden Devam Et' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Kayıtlı Kullanıcı' });
  await expect(dialog).toContainText('Bu TC kimlik numarası ile kayıtlı bir kullanıcı bulunmaktadır.');
  await expect(dialog).toContainText('Tek bir hesapla tüm aboneliklerinizi görüntüleyebilirsiniz.');
  await expect(dialog.getByRole('button', { name: 'Giriş Yap' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Vazgeç' })).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Vazgeç' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Nüfus bilgileriniz' })).toBeVisible();
  await expect(page.getByLabel('Ad', { exact: true })).toHaveValue('Elif');
});

const campaignBox = (page: Page) => page.getByRole('region', { name: 'Kampanya veya referans kodu' });

test('§4 codes: without a code, the popup offers Kod Ekle or Eklemeden Devam Et; §8 success dialog: Kod Uygulandı', async ({ page }) => {
  await startAtIdentity(page);
  const applicant = person();
  await fillIdentity(page, applicant);

  await page.getByRole('button', { name: 'İletişim Bilgilerini Ekle' }).click();
  const noCode = page.getByRole('alertdialog', { name: 'Kampanya Kodu' });
  await expect(noCode.getByRole('button', { name: 'Eklemeden Devam Et' })).toBeVisible();
  await expect(noCode.getByRole('button', { name: 'Kod Ekle' })).toBeFocused();
  await noCode.getByRole('button', { name: 'Kod Ekle' }).click();
  // The popup's close animation keeps the page inert for a moment.
  await expect(noCode).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Nüfus bilgileriniz' })).toBeVisible();

  const box = campaignBox(page);
  const input = box.getByRole('textbox', { name: 'Kampanya kodu', exact: true });
  await input.fill('YANLIS');
  await box.getByRole('button', { name: 'Sorgula', exact: true }).click();
  await expect(input).toHaveAccessibleDescription('Kampanya kodu bulunamadı.');
  await input.fill('KAMPANYA50');
  await box.getByRole('button', { name: 'Sorgula', exact: true }).click();
  await closeCodeApplied(page, 'Kod Uygulandı', 'Kampanya kodu uygulandı: KAMPANYA50 (3 ay boyunca aylık 50 TL indirim)');
  await expect(box).toContainText('Kampanya kodu uygulandı: KAMPANYA50 (3 ay boyunca aylık 50 TL indirim)');
  // The right-hand summary's notice for an applied code (spec §2).
  await expect(page.getByRole('complementary', { name: 'Başvuru özeti' })).toContainText('Kampanya kodu uygulandı: KAMPANYA50 (3 ay boyunca aylık 50 TL indirim)');

  // With a code applied, the popup does not ask again.
  await page.getByRole('button', { name: 'İletişim Bilgilerini Ekle' }).click();
  await confirmCommitment(page);
  await expect(page.getByRole('heading', { name: 'İletişim bilgileriniz' })).toBeVisible();
  await expect(noCode).toHaveCount(0);
});

test('the summary is a clear cart: each month\'s price, the discounts and how they combine, the setup fee, the 12-month commitment', async ({ page }) => {
  // Fibre 100 (449,90 TL a month) with the setup fee in 12 X 150 TL, while the welcome campaign runs.
  await startAtIdentity(page);
  const summary = page.getByRole('complementary', { name: 'Başvuru özeti' });
  await expect(summary).toContainText('1.–3. ay: 419,90 TL');
  await expect(summary).toContainText('4.–12. ay: 449,90 TL');
  await expect(summary).toContainText('Hoş geldin indirimi: 3 ay boyunca aylık 30 TL');
  await expect(summary).toContainText('Kurulum ücreti12 X 150 TL');
  await expect(summary).toContainText('Taahhüt12 ay');

  // A campaign code (it needs the TC kimlik no of the form) adds to the welcome discount for its three months.
  await fillIdentity(page, person());
  const box = campaignBox(page);
  await box.getByRole('textbox', { name: 'Kampanya kodu', exact: true }).fill('KAMPANYA50');
  await box.getByRole('button', { name: 'Sorgula', exact: true }).click();
  await closeCodeApplied(page, 'Kod Uygulandı', 'KAMPANYA50');
  await expect(summary).toContainText('1.–3. ay: 369,90 TL');
  await expect(summary).toContainText('Kampanya kodu KAMPANYA50: 3 ay boyunca aylık 50 TL');
  await expect(summary).toContainText('Hoş geldin indirimi');
});

test('§5 campaign code: national ID needed with 11 digits; §5 campaign code: non-empty; §5 campaign code: at most 32 characters', async ({ page }) => {
  await startAtIdentity(page);
  const box = campaignBox(page);
  const input = box.getByRole('textbox', { name: 'Kampanya kodu', exact: true });
  const query = box.getByRole('button', { name: 'Sorgula', exact: true });
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/customers/apply-')) calls.push(request.url());
  });

  // Empty: 'Kampanya Kodu Hatalı'.
  await query.click();
  await expect(box.getByText('Kampanya Kodu Hatalı', { exact: true })).toBeVisible();
  await expect(input).toHaveAccessibleDescription('Kampanya Kodu Hatalı Kampanya kodunuz eksik veya hatalı.');
  await input.fill('   ');
  await query.click();
  await expect(input).toHaveAccessibleDescription('Kampanya Kodu Hatalı Kampanya kodunuz eksik veya hatalı.');

  // A code, but the TC kimlik no of the form is missing, then short: 'TC Kimlik Hatalı', said at
  // the TC field (where it is to be typed), which gets the focus.
  const tc = page.getByLabel('T.C. Kimlik No');
  const tcMissing = 'TC Kimlik Hatalı Vatandaşlık numaranızı eksiksiz ve doğru bir şekilde yazmanız gerekmektedir.';
  await input.fill('KAMPANYA50');
  await query.click();
  await expect(tc).toHaveAccessibleDescription(tcMissing);
  await expect(tc).toBeFocused();
  await expect(page.getByText('TC Kimlik Hatalı', { exact: true })).toBeVisible();
  await expect(input).toHaveAccessibleDescription('');
  await tc.pressSequentially('1234567890');
  await query.click();
  await expect(tc).toHaveAccessibleDescription(tcMissing);
  expect(calls).toEqual([]);

  // 33 characters typed: the box keeps 32.
  await input.fill('');
  await input.pressSequentially('K'.repeat(33));
  await expect(input).toHaveValue('K'.repeat(32));
  // The backend-for-frontend refuses 33 and takes 32 on to the upstream (which does not know the code).
  const { hash } = await bffCall(page.request, '/customers/register-step-1', addressFields(2));
  const body = { form_security_hash: hash, nationality_number: person().nationality_number };
  const tooLong = await bffPost(page.request, '/customers/apply-campaign-code', { ...body, campaign_code: 'K'.repeat(33) });
  expect(tooLong.status()).toBe(400);
  expect((await tooLong.json()).details.fields).toEqual({ campaign_code: 'Kampanya kodunuz eksik veya hatalı.' });
  const withoutTc = await bffPost(page.request, '/customers/apply-campaign-code', { ...body, campaign_code: 'KAMPANYA50', nationality_number: '' });
  expect((await withoutTc.json()).details.fields).toEqual({ nationality_number: 'Vatandaşlık numaranızı eksiksiz ve doğru bir şekilde yazmanız gerekmektedir.' });
  const longest = await bffPost(page.request, '/customers/apply-campaign-code', { ...body, campaign_code: 'K'.repeat(32) });
  expect(await longest.json()).toMatchObject({ status: false, message: 'Kampanya kodu bulunamadı.' });
});

test('§5 reference code: non-empty; §5 reference code: at most 32 characters; §8 success dialog: Referans Kodu Uygulandı', async ({ page }) => {
  await startAtIdentity(page);
  const box = campaignBox(page);
  await box.getByRole('tab', { name: 'Referans Kodu' }).click();
  await expect(box.getByRole('tab', { name: 'Referans Kodu' })).toHaveAttribute('aria-selected', 'true');
  const input = box.getByRole('textbox', { name: 'Referans kodu', exact: true });
  const query = box.getByRole('button', { name: 'Sorgula', exact: true });

  await query.click();
  await expect(box.getByText('Referans Kodu Hatalı', { exact: true })).toBeVisible();
  await expect(input).toHaveAccessibleDescription('Referans Kodu Hatalı Referans kodunuz eksik veya hatalı.');

  await input.pressSequentially('R'.repeat(33));
  await expect(input).toHaveValue('R'.repeat(32));
  const tooLong = await bffPost(page.request, '/customers/apply-reference-code', { form_security_hash: 'checked-before-the-upstream', reference_code: 'R'.repeat(33) });
  expect(tooLong.status()).toBe(400);
  expect((await tooLong.json()).details.fields).toEqual({ reference_code: 'Referans kodunuz eksik veya hatalı.' });

  // The reference code needs no TC kimlik no.
  await input.fill('REFERANS30');
  await query.click();
  await closeCodeApplied(page, 'Referans Kodu Uygulandı', 'Referans kodu uygulandı: REFERANS30 (12 ay boyunca aylık 30 TL indirim)');
  await expect(box).toContainText('Referans kodu uygulandı: REFERANS30 (12 ay boyunca aylık 30 TL indirim)');
  const summary = page.getByRole('complementary', { name: 'Başvuru özeti' });
  await expect(summary).toContainText('Referans kodu uygulandı: REFERANS30 (12 ay boyunca aylık 30 TL indirim)');
  // The cart: a reference code cannot be combined with other campaigns, so the welcome discount drops out.
  await expect(summary).toContainText('Her ay 419,90 TL');
  await expect(summary).toContainText('Referans kodu REFERANS30: 12 ay boyunca aylık 30 TL; diğer kampanyalarla birleştirilemez');
  await expect(summary).not.toContainText('Hoş geldin indirimi');
  await expectNoAxeViolations(page);

  await fillIdentity(page, person());
  await page.getByRole('button', { name: 'İletişim Bilgilerini Ekle' }).click();
  await confirmCommitment(page);
  await expect(page.getByRole('heading', { name: 'İletişim bilgileriniz' })).toBeVisible();
});

test('§5 phone verification: mobile phone pattern; §5 phone verification: SMS code exactly 6 digits; a wrong and an expired code are refused', async ({ page }) => {
  await startAtContact(page);
  const phone = randomPhone();
  await page.getByRole('button', { name: 'Cep telefonu: Ekle' }).click();
  const dialog = page.getByRole('dialog', { name: 'Telefon numarası doğrulama' });
  const number = dialog.getByLabel('Cep telefonu numaranız');
  await expect(number).toHaveAttribute('placeholder', '+90 (___) ___ __ __');
  await number.pressSequentially('12');
  await dialog.getByRole('button', { name: 'Kod Gönder' }).click();
  await expect(dialog.getByText('Numara Hatalı', { exact: true })).toBeVisible();
  await expect(number).toHaveAccessibleDescription('Numara Hatalı Lütfen telefon numaranızı kontrol edin.');
  // A full number that is no mobile number (not 5xx).
  await number.press('ControlOrMeta+a');
  await number.press('Delete');
  await number.pressSequentially('2121234567');
  await expect(number).toHaveValue('+90 (212) 123 45 67');
  await dialog.getByRole('button', { name: 'Kod Gönder' }).click();
  await expect(number).toHaveAccessibleDescription('Numara Hatalı Lütfen telefon numaranızı kontrol edin.');
  await number.press('ControlOrMeta+a');
  await number.press('Delete');
  await number.pressSequentially(phoneDigits(phone));
  await expect(number).toHaveValue(phone);
  await dialog.getByRole('button', { name: 'Kod Gönder' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: maskPhone(phone) })).toHaveText(`${maskPhone(phone)} numarasına bir SMS onay kodu gönderdik.`);

  // Five digits: 'Onay Kodu Hatalı', checked before any call; the mask takes no more than six digits.
  const code = dialog.getByLabel('Onay kodu');
  const checks: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/customers/approve-phone')) checks.push(request.url());
  });
  await code.pressSequentially('12345');
  await dialog.getByRole('button', { name: 'Onayla' }).click();
  await expect(dialog.getByText('Onay Kodu Hatalı', { exact: true })).toBeVisible();
  await expect(code).toHaveAccessibleDescription('Onay Kodu Hatalı SMS onay kodu hatalı. Lütfen kodu kontron edin.');
  expect(checks).toEqual([]);
  await code.press('End');
  await code.pressSequentially('67x8');
  await expect(code).toHaveValue('123456');

  // Six digits, but not the code: the server's refusal at the field.
  const real = await latestCode(phone);
  await code.press('ControlOrMeta+a');
  await code.press('Delete');
  await code.pressSequentially(`${(Number(real[0]) + 1) % 10}${real.slice(1)}`);
  await dialog.getByRole('button', { name: 'Onayla' }).click();
  await expect(code).toHaveAccessibleDescription('SMS onay kodu hatalı. Lütfen kodu kontrol edin.');
  expect(checks).toHaveLength(1);

  await sandbox('/__sandbox/codes/expire', { to: phone });
  await code.press('ControlOrMeta+a');
  await code.press('Delete');
  await code.pressSequentially(real);
  await dialog.getByRole('button', { name: 'Onayla' }).click();
  await expect(code).toHaveAccessibleDescription('Onay kodunun süresi doldu. Lütfen yeni bir kod isteyin.');
  await expectNoAxeViolations(page);
});

test('§5 e-mail: mail pattern; §5 e-mail: mail code 6 digits', async ({ page }) => {
  await startAtContact(page);
  const mail = randomMail();
  await page.getByRole('button', { name: 'E-posta: Ekle' }).click();
  const dialog = page.getByRole('dialog', { name: 'E-posta doğrulama' });
  const address = dialog.getByLabel('E-posta adresiniz');
  for (const wrong of ['elif.sahin', 'elif@', 'elif şahin@example.com']) {
    await address.fill(wrong);
    await dialog.getByRole('button', { name: 'Kod Gönder' }).click();
    await expect(dialog.getByText('Mail Adresi Hatalı', { exact: true })).toBeVisible();
    await expect(address).toHaveAccessibleDescription('Mail Adresi Hatalı Lütfen mail adresinizi kontrol edin.');
  }
  // Typed in capitals, it is taken in lowercase, as the pattern wants.
  await address.fill(mail.toUpperCase());
  await expect(address).toHaveValue(mail);
  await dialog.getByRole('button', { name: 'Kod Gönder' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: maskMail(mail) })).toHaveText(
    `${maskMail(mail)} adresine bir onay kodu gönderdik. Gelen kutunuzda göremezseniz spam klasörünü kontrol edin.`,
  );

  const code = dialog.getByLabel('Onay kodu');
  await code.pressSequentially('1234');
  await dialog.getByRole('button', { name: 'Onayla' }).click();
  await expect(dialog.getByText('Onay Kodu Hatalı', { exact: true })).toBeVisible();
  await expect(code).toHaveAccessibleDescription('Onay Kodu Hatalı Mail onay kodu hatalı. Lütfen kodu kontrol edin.');

  const real = await latestCode(mail);
  const wrong = `${(Number(real[0]) + 1) % 10}${real.slice(1)}`;
  await code.press('ControlOrMeta+a');
  await code.press('Delete');
  await code.pressSequentially(wrong);
  await dialog.getByRole('button', { name: 'Onayla' }).click();
  await expect(code).toHaveAccessibleDescription('E-posta onay kodu hatalı. Lütfen kodu kontrol edin.');
  await code.press('ControlOrMeta+a');
  await code.press('Delete');
  await code.pressSequentially(real);
  await dialog.getByRole('button', { name: 'Onayla' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'E-posta: Değiştir' })).toBeVisible();
  // Both are needed before the registration can finish (§5).
  await expect(page.getByRole('button', { name: 'Kaydı Tamamla' })).toHaveCount(0);
});

test('a reload resumes the wizard and the back button moves a step back', async ({ page }) => {
  await startAtAddress(page, 'Daire 3');
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

test('§2 package: a logged-in customer applies a campaign or a reference code on the package step, with their own TC kimlik no', async ({ page }) => {
  test.slow();
  const customer = await registerCustomer(page.request);
  const summary = page.getByRole('complementary', { name: 'Başvuru özeti' });
  const sent = (path: string) =>
    page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === `/api/v1${path}`, { timeout: 10_000 });

  // A campaign code: the step has no TC kimlik no field, the customer's own goes with the code.
  await startAtPackage(page, 'Daire 4');
  await expect(page.getByLabel('T.C. Kimlik No')).toHaveCount(0);
  const box = campaignBox(page);
  await box.getByRole('textbox', { name: 'Kampanya kodu', exact: true }).fill('KAMPANYA50');
  const campaignCall = sent('/customers/apply-campaign-code');
  await box.getByRole('button', { name: 'Sorgula', exact: true }).click();
  expect((await campaignCall).postDataJSON()).toMatchObject({ campaign_code: 'KAMPANYA50', nationality_number: customer.nationality_number });
  await closeCodeApplied(page, 'Kod Uygulandı', 'Kampanya kodu uygulandı: KAMPANYA50 (3 ay boyunca aylık 50 TL indirim)');
  await expect(box).toContainText('Kampanya kodu uygulandı: KAMPANYA50 (3 ay boyunca aylık 50 TL indirim)');
  await expect(summary).toContainText('Kampanya kodu uygulandı: KAMPANYA50 (3 ay boyunca aylık 50 TL indirim)');

  // A reference code, on another application of the same customer.
  await startAtPackage(page, 'Daire 4');
  await box.getByRole('tab', { name: 'Referans Kodu' }).click();
  await box.getByRole('textbox', { name: 'Referans kodu', exact: true }).fill('REFERANS30');
  await box.getByRole('button', { name: 'Sorgula', exact: true }).click();
  await closeCodeApplied(page, 'Referans Kodu Uygulandı', 'Referans kodu uygulandı: REFERANS30 (12 ay boyunca aylık 30 TL indirim)');
  await expect(summary).toContainText('Referans kodu uygulandı: REFERANS30 (12 ay boyunca aylık 30 TL indirim)');
  await expect(page.getByRole('button', { name: 'Başvuruyu Tamamla' })).toBeVisible();
});

test('§4 new flow: a logged-in customer completes after the package', async ({ page }) => {
  await apiLogin(page.request, FIXTURE_CUSTOMERS.underApproval);
  const before = (await (await page.request.get('/api/session')).json()).data.subscriptions.length;

  await openWizard(page);
  await expect(page.getByRole('list', { name: 'Başvuru adımları' }).getByRole('listitem')).toHaveCount(3);
  await chooseAddress(page, 'Daire 4');
  await page.getByRole('button', { name: 'Paket Seç' }).click();
  await page.getByRole('radio').first().check();
  await page.getByLabel('Kurulum ücreti ödeme yöntemi').selectOption({ index: 1 });
  await expect(page.getByRole('tab', { name: 'Referans Kodu' })).toBeVisible();
  await page.getByRole('button', { name: 'Başvuruyu Tamamla' }).click();
  await page.getByRole('button', { name: 'Eklemeden Devam Et' }).click();
  // The commitment summary first: the consents show once it is confirmed.
  await expect(page.getByRole('heading', { name: 'Taahhüt özetiniz' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /KVKK Aydınlatma Metni/ })).toHaveCount(0);
  await confirmCommitment(page, { next: false });
  // Pressed before the consents, the button names them and moves to the first.
  await page.getByRole('button', { name: 'Başvuruyu Tamamla' }).click();
  await expect(page.getByRole('link', { name: "KVKK Aydınlatma Metni'ni okuduğunuzu onaylayın." })).toBeVisible();
  await expect(page.getByRole('link', { name: "Ön Bilgilendirme Formu ve Mesafeli Sözleşme'yi onaylayın." })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /KVKK Aydınlatma Metni/ })).toBeFocused();
  await acceptConsents(page);
  await page.getByRole('button', { name: 'Başvuruyu Tamamla' }).click();
  await passFinishLine(page);
  const after = (await (await page.request.get('/api/session')).json()).data.subscriptions;
  expect(after.length).toBe(before + 1);
  expect(after[0].status).toBe(1);
});
