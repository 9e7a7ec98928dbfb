import { writeFileSync } from 'node:fs';
import { maskMail, maskPhone } from '@/lib/domain/mask';
import { textPdf } from '@/sandbox/pdf';
import { randomMail, randomPhone } from '../support/people';
import { registerCustomer } from '../support/register';
import { latestCode, sandbox } from '../support/sandbox';
import { newApplicant, phoneDigits } from '../support/wizard';
import { expectNoAxeViolations } from './axe';
import type { EnginePage } from './page';
import { expect, expectURL, test } from './fixtures';
import { logIn, openMenu, typeIdentity } from './steps';

/**
 * The portal's journeys in the engines other than Chromium (WebKitGTK, as on every iPhone; Firefox
 * ESR), written once against the driver-neutral layer (page.ts): what a buyer and a customer do,
 * at 1280 px, and the ones tagged @phone at 390 px too (playwright.config.ts's engine projects).
 * The rules of each field and the paths off the happy one stay in the Chromium suite: here each
 * journey checks that the engine gets through it, and axe scans its screens with the WCAG 2.2 A/AA
 * rules (./axe.ts), as the Chromium suite does.
 *
 * Intended differences between the engines: none in what the portal shows or does. What the suite
 * sees differs:
 * - uncaught script errors: Firefox reports every one over BiDi; WebKitWebDriver reports none, so in
 *   WebKit only those after the first lookup in a document are seen (page.ts's recorder);
 * - 390 px is the viewport's width alone: no touch, a pixel ratio of 1 (classic WebDriver cannot
 *   emulate a phone, nor can Firefox ESR's BiDi); the Chromium suite's phone project has touch.
 */

/** No sideways scroll: nothing on the page is wider than the viewport. */
async function expectNoSidewaysScroll(web: EnginePage) {
  const [scroll, client] = await web.evaluate<[number, number]>('[document.documentElement.scrollWidth, document.documentElement.clientWidth]');
  if (scroll > client) throw new Error(`${await web.url()} scrolls sideways: ${scroll} px of content in ${client} px`);
}

const publicPages = [
  { path: '/', lang: 'tr-TR', heading: 'Ev internetine online başvurun', nav: 'Ana menü', link: 'Nasıl Başvuru Yapılır ?' },
  { path: '/nasil-yapilir', lang: 'tr-TR', heading: 'Nasıl Yapılır ?', nav: 'Ana menü', link: 'Nasıl Başvuru Yapılır ?' },
  { path: '/en', lang: 'en-US', heading: 'Apply for home internet online', nav: 'Main menu', link: 'How do I apply?' },
  { path: '/en/how-to', lang: 'en-US', heading: 'How to apply', nav: 'Main menu', link: 'How do I apply?' },
  { path: '/erisilebilirlik', lang: 'tr-TR', heading: 'Erişilebilirlik Beyanı', nav: 'Ana menü', link: 'Nasıl Başvuru Yapılır ?' },
  { path: '/cerezler', lang: 'tr-TR', heading: 'Çerez Aydınlatma Metni', nav: 'Ana menü', link: 'Nasıl Başvuru Yapılır ?' },
  { path: '/en/accessibility', lang: 'en-US', heading: 'Accessibility statement', nav: 'Main menu', link: 'How do I apply?' },
  { path: '/en/cookies', lang: 'en-US', heading: 'Cookie notice', nav: 'Main menu', link: 'How do I apply?' },
  { path: '/olmayan-bir-sayfa', lang: 'tr-TR', heading: 'Sayfa bulunamadı', nav: 'Ana menü', link: 'Nasıl Başvuru Yapılır ?' },
];

test('the public pages and a 404: heading, language, no WCAG 2.2 A/AA violation for axe, the header menu, no sideways scroll', { tag: '@phone' }, async ({ web }) => {
  test.slow();
  for (const page of publicPages) {
    await web.goto(page.path);
    await expect(web.getByRole('heading', { level: 1, name: page.heading, exact: true })).toBeVisible();
    await expectNoAxeViolations(web);
    await expect(web.locator('html')).toHaveAttribute('lang', page.lang);
    await expect((await openMenu(web, page.nav)).getByRole('link', { name: page.link, exact: true })).toBeVisible();
    await expect(web.getByRole('contentinfo')).toBeVisible();
    await expectNoSidewaysScroll(web);
  }
});

/** One level of the address cascade: typed into to filter it, then picked (or the first option). */
async function chooseLevel(web: EnginePage, label: string, option?: string) {
  const box = web.getByRole('combobox', { name: label, exact: true });
  await box.click();
  const list = web.getByRole('listbox', { name: label });
  if (option) {
    const typed = option.slice(0, 4);
    await box.type(typed);
    // The list filters as one types: no option is left without what was typed.
    await expect(list.getByRole('option').filter({ hasText: new RegExp(`^(?!.*${typed})`) })).toHaveCount(0);
    await list.getByRole('option', { name: option, exact: true }).click();
  } else {
    await list.getByRole('option').first().click();
  }
}

/** Adds the phone or the mail through its popup, with the code the sandbox's outbox holds. */
async function verifyContact(web: EnginePage, kind: 'phone' | 'mail', value: string) {
  await web.getByRole('button', { name: kind === 'phone' ? 'Cep telefonu: Ekle' : 'E-posta: Ekle' }).click();
  const dialog = web.getByRole('dialog', { name: kind === 'phone' ? 'Telefon numarası doğrulama' : 'E-posta doğrulama' });
  const input = dialog.getByLabel(kind === 'phone' ? 'Cep telefonu numaranız' : 'E-posta adresiniz');
  await input.type(kind === 'phone' ? phoneDigits(value) : value);
  if (kind === 'phone') await expect(input).toHaveValue(value);
  await dialog.getByRole('button', { name: 'Kod Gönder' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: kind === 'phone' ? maskPhone(value) : maskMail(value) })).toBeVisible();
  await dialog.getByLabel('Onay kodu').type(await latestCode(value));
  await dialog.getByRole('button', { name: 'Onayla' }).click();
  await expect(dialog).toBeHidden();
}

test('a new application: the address lists, a package, identity, phone and mail codes, to the finish line and the profile', { tag: '@phone' }, async ({ web }) => {
  test.slow();
  const applicant = newApplicant();
  const phone = randomPhone();
  await web.goto('/');
  // Client navigation into the wizard.
  await web.getByRole('link', { name: 'Yeni Başvuru' }).click();
  await expectURL(web, /basvuru=yeni/);
  await expect(web.getByRole('heading', { level: 1, name: 'Yeni Başvuru' })).toBeVisible();

  await chooseLevel(web, 'İl', 'İstanbul');
  await chooseLevel(web, 'İlçe', 'Kadıköy');
  for (const level of ['Mahalle', 'Sokak/Cadde', 'Bina']) await chooseLevel(web, level);
  await chooseLevel(web, 'İç Kapı No', 'Daire 2');
  await expect(web.getByText('Altyapınız 100 Mbps hıza kadar destekliyor.')).toBeVisible();
  await expectNoAxeViolations(web);
  await web.getByRole('button', { name: 'Paket Seç' }).click();

  await expect(web.getByRole('heading', { name: 'Paketinizi seçin' })).toBeVisible();
  await web.getByRole('radio', { name: /^Limitsiz Fiber 100 / }).check();
  await web.getByLabel('Kurulum ücreti ödeme yöntemi').selectOption({ label: '12 X 150 TL' });
  await expectNoAxeViolations(web);
  await web.getByRole('button', { name: 'Nüfus Bilgilerini Ekle' }).click();

  await expect(web.getByRole('heading', { name: 'Nüfus bilgileriniz' })).toBeVisible();
  await typeIdentity(web, applicant);
  await expectNoAxeViolations(web);
  await web.getByRole('button', { name: 'İletişim Bilgilerini Ekle' }).click();
  const noCode = web.getByRole('alertdialog', { name: 'Kampanya Kodu' });
  await noCode.getByRole('button', { name: 'Eklemeden Devam Et' }).click();

  // The commitment summary, on its own step before the consents, confirmed with its own box.
  await expect(web.getByRole('heading', { name: 'Taahhüt özetiniz' })).toBeVisible();
  await web.getByRole('checkbox', { name: /Taahhüt özetini okudum/ }).check();
  await web.getByRole('button', { name: 'Devam Et' }).click();

  await expect(web.getByRole('heading', { name: 'İletişim bilgileriniz' })).toBeVisible();
  await verifyContact(web, 'phone', phone);
  await verifyContact(web, 'mail', randomMail());
  await web.getByRole('checkbox', { name: /KVKK Aydınlatma Metni/ }).check();
  await web.getByRole('checkbox', { name: /Ön Bilgilendirme Formu ve Mesafeli Sözleşme/ }).check();
  await expectNoAxeViolations(web);
  await web.getByRole('button', { name: 'Kaydı Tamamla' }).click();

  await expect(web.getByRole('heading', { level: 1, name: 'Başvurunuz alındı' })).toBeFocused();
  await expect(web.getByText(/^Başvuru numaranız: \d+/)).toBeVisible();
  await expect(web.getByRole('complementary', { name: 'Başvuru özeti' })).toContainText('Limitsiz Fiber 100');
  await expectNoAxeViolations(web);
  await web.getByRole('button', { name: 'Hesabıma Git' }).click();
  await expectURL(web, /\/#profil$/);
  await expect(web.getByRole('dialog', { name: 'Hesabım' })).toBeVisible();
  await expect(web.getByRole('banner')).toContainText(`${applicant.name} ${applicant.surname}`);
});

test("a transfer's first step: the service number, then the address lists with the current provider", async ({ web }) => {
  const number = `17${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  await web.goto('/');
  await web.getByRole('link', { name: 'Transfer Başvurusu' }).click();
  await expect(web.getByRole('heading', { level: 1, name: 'Transfer Başvurusu' })).toBeVisible();
  await expect(web.getByRole('list', { name: 'Başvuru adımları' }).getByRole('listitem')).toHaveCount(6);
  await web.getByLabel('Hizmet numarası').type(number);
  await web.getByRole('button', { name: 'Adres Bilgilerini Ekle' }).click();
  const summary = web.getByRole('complementary', { name: 'Başvuru özeti' });
  await expect(summary).toContainText(number);
  await expect(summary).toContainText('Mevcut sağlayıcı');
  await expect(web.getByRole('combobox', { name: 'İl', exact: true })).toBeVisible();
});

test("the login with its SMS code, then the profile's tabs by keyboard and by click", { tag: '@phone' }, async ({ web, request }) => {
  // A customer of this test alone (no lock shared with the Chromium suite's fixture customers), with approved identity.
  const customer = await registerCustomer(request);
  await sandbox(`/__sandbox/customers/${customer.nationality_number}/identity-status`, { status: 2 });
  await logIn(web, customer);

  const profile = web.getByRole('dialog', { name: 'Hesabım' });
  await expect(profile).toBeVisible();
  const tabs = profile.getByRole('tablist', { name: 'Hesap bölümleri' }).getByRole('tab');
  await expect(tabs).toHaveText(['Abonelikler', 'Abone Bilgileri', 'Kimlik Bilgileri']);
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.first()).toBeFocused();
  await expect(profile.getByRole('list', { name: 'Abonelikleriniz' }).getByRole('listitem').first()).toContainText('Limitsiz Fiber');
  await expectNoAxeViolations(web);

  await web.keyboard.press('ArrowRight');
  await expect(tabs.nth(1)).toBeFocused();
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(profile.getByRole('tabpanel')).toContainText(customer.nationality_number);
  await web.keyboard.press('End');
  await expect(tabs.nth(2)).toHaveAttribute('aria-selected', 'true');
  await expect(profile.getByRole('tabpanel')).toContainText('Kimlik bilgileriniz onaylandı.');
  await tabs.first().click();
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');

  await web.keyboard.press('Escape');
  await expect(profile).toBeHidden();
  await expect(web.getByRole('banner')).toContainText(customer.name);
});

test('an identity document upload: both sides chosen, sent, then in approval', async ({ web, request }, testInfo) => {
  const customer = await registerCustomer(request);
  const front = testInfo.outputPath('kimlik-on.png');
  const back = testInfo.outputPath('kimlik-arka.pdf');
  // A real PNG (1 × 1) and a real PDF: the browser reads their first bytes before sending.
  writeFileSync(front, Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'));
  writeFileSync(back, textPdf('Kimlik Karti - Arka Yuz', [customer.name]));
  await logIn(web, customer);

  const profile = web.getByRole('dialog', { name: 'Hesabım' });
  await expect(profile.getByRole('tab')).toHaveText(['Kimlik Bilgileri']);
  await expect(profile).toContainText('Gönderilmedi');
  const send = profile.getByRole('button', { name: 'Belgeleri Gönder' });
  await expect(send).toBeDisabled();
  const slot = (label: string) => profile.getByRole('group', { name: label, exact: true });
  await slot('Kimlik Ön Yüzü').locator('input[type="file"]').setInputFiles(front);
  await expect(slot('Kimlik Ön Yüzü')).toContainText('kimlik-on.png');
  await slot('Kimlik Arka Yüzü').locator('input[type="file"]').setInputFiles(back);
  await expect(slot('Kimlik Arka Yüzü')).toContainText('kimlik-arka.pdf');
  await send.click();

  const success = web.getByRole('alertdialog', { name: 'Dosyalar Yüklend' });
  await expect(success).toContainText('Belgeleriniz onaya gönderildi.');
  await success.getByRole('button', { name: 'Tamam' }).click();
  await expect(profile).toContainText('Onay Sürecinde');
  await expect(profile.getByRole('link', { name: /Kimlik Ön Yüzü/ })).toHaveAttribute('href', /\/files\//);
});

test('the contact popup: the focus on its first field, the phone mask, Tab, and Escape back to its opener', { tag: '@phone' }, async ({ web }) => {
  await web.goto('/');
  const opener = (await openMenu(web)).getByRole('button', { name: 'İletişim Formu' });
  await opener.click();
  const popup = web.getByRole('dialog', { name: 'İletişim Formu' });
  await expect(popup).toBeVisible();
  const name = popup.getByLabel('Ad Soyad');
  await expect(name).toBeFocused();
  await name.type('Deniz Arslan');
  await web.keyboard.press('Tab');
  const phone = popup.getByLabel('Telefon Numarası');
  await expect(phone).toBeFocused();
  await phone.type('5321234567');
  await expect(phone).toHaveValue('+90 (532) 123 45 67');
  await expectNoAxeViolations(web);
  await web.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await expect(opener).toBeFocused();
});
