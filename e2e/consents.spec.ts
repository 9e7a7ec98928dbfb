import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { openHeaderMenu } from './support/header';
import { randomMail, randomPhone } from './support/people';
import { COMMITMENT } from '@/testing/consents';
import { startAtContact } from './support/flow-state';
import { verifyContact } from './support/wizard';

// The legal consents before an application is filed (docs/decisions/0010-where-the-spec-is-silent.md).

test("consents before 'Kaydı Tamamla': the KVKK notice and the contract are required, messages optional; the texts open by keyboard; the choices survive a reload", async ({ page }) => {
  test.slow();
  await startAtContact(page);
  await verifyContact(page, 'phone', randomPhone());
  await verifyContact(page, 'mail', randomMail());

  const finish = page.getByRole('button', { name: 'Kaydı Tamamla' });
  const kvkk = page.getByRole('checkbox', { name: /KVKK Aydınlatma Metni/ });
  const contract = page.getByRole('checkbox', { name: /Ön Bilgilendirme Formu ve Mesafeli Sözleşme/ });
  const marketing = page.getByRole('checkbox', { name: /ticari elektronik ileti/ });
  await expect(page.getByRole('group', { name: 'Onaylar' })).toHaveAccessibleDescription('Başvurunuzu tamamlamak için ilk iki onay gereklidir.');
  // Enabled from the start: pressed too early it names the boxes to tick (e2e/price.spec.ts).
  await expect(finish).toBeEnabled();
  await expectNoAxeViolations(page);

  // The notice opens from its link by keyboard, in a dialog with its version, and Escape closes it.
  const link = page.getByRole('button', { name: 'KVKK Aydınlatma Metni' });
  await link.focus();
  await page.keyboard.press('Enter');
  const notice = page.getByRole('dialog', { name: 'KVKK Aydınlatma Metni' });
  await expect(notice).toContainText('6698 sayılı Kişisel Verilerin Korunması Kanunu');
  await expect(notice).toContainText('KVKK madde 11');
  await expect(notice).toContainText('Metin sürümü: 2026-11');
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(notice).toBeHidden();
  await expect(link).toBeFocused();
  // Reading is not accepting.
  await expect(kvkk).not.toBeChecked();

  await page.getByRole('button', { name: 'Ön Bilgilendirme Formu ve Mesafeli Sözleşme' }).click();
  const terms = page.getByRole('dialog', { name: 'Ön Bilgilendirme Formu ve Mesafeli Sözleşme' });
  await expect(terms).toContainText('Cayma hakkı');
  await expect(terms).toContainText('12 ay taahhütlüdür');
  await terms.getByRole('button', { name: 'Kapat', exact: true }).click();

  await kvkk.check();
  await page.reload();
  await expect(kvkk).toBeChecked();
  await expect(contract).not.toBeChecked();
  await contract.check();
  await expect(marketing).not.toBeChecked();
  // Unticking one required consent: pressed, the button names that one and moves to it.
  await kvkk.uncheck();
  await finish.click();
  await expect(kvkk).toBeFocused();
  await expect(kvkk).toHaveAccessibleDescription("KVKK Aydınlatma Metni'ni okuduğunuzu onaylayın.");
  await expect(page.getByRole('link', { name: "Ön Bilgilendirme Formu ve Mesafeli Sözleşme'yi onaylayın." })).toHaveCount(0);
  await kvkk.check();

  const filed = page.waitForRequest((request) => request.url().endsWith('/customers/register-step-4'));
  await finish.click();
  const body = (await filed).postDataJSON();
  // With the commitment summary confirmed on its step: Limitsiz Fiber 100, the welcome discount, 12 X 150 TL.
  expect(body.consents).toEqual({ kvkk: '2026-11', contract: '2026-11', marketing: false, commitment: COMMITMENT });
  await expect(page.getByRole('heading', { level: 1, name: 'Başvurunuz alındı' })).toBeVisible();
});

test('the contact form links its KVKK notice, and what was typed stays', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/');
  await (await openHeaderMenu(page)).getByRole('button', { name: 'İletişim Formu' }).click();
  const form = page.getByRole('dialog', { name: 'İletişim Formu' });
  await form.getByLabel('Ad Soyad').fill('Deniz Arslan');
  await expect(form).toContainText('Kişisel verileriniz KVKK Aydınlatma Metni kapsamında işlenir.');
  await form.getByRole('button', { name: 'KVKK Aydınlatma Metni' }).click();
  const notice = page.getByRole('dialog', { name: 'KVKK Aydınlatma Metni' });
  await expect(notice).toContainText('veri sorumlusu');
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(notice).toBeHidden();
  await expect(form.getByLabel('Ad Soyad')).toHaveValue('Deniz Arslan');
});

test('English: the consents and their texts are in English', async ({ page }) => {
  test.slow();
  await page.goto('/en');
  await (await openHeaderMenu(page)).getByRole('button', { name: 'Contact form' }).click();
  await page.getByRole('dialog', { name: 'Contact form' }).getByRole('button', { name: 'personal data notice (KVKK)' }).click();
  const notice = page.getByRole('dialog', { name: 'Personal data notice (KVKK)' });
  await expect(notice).toContainText('Personal Data Protection Law No. 6698');
  await expect(notice).toContainText('Text version: 2026-11');
});
