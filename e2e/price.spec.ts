import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { acceptConsents } from './support/consents';
import { startAtContact, startAtPackage } from './support/flow-state';
import { randomMail, randomPhone } from './support/people';
import { verifyContact } from './support/wizard';

// What a buyer sees of the price where the decision is made, at 360 px and 1280 px.

test("a tariff card's price is the summary's, with the commitment and the line's setup fees; the notice tells the up-front saving; the button says why before a package", { tag: '@phone' }, async ({ page }) => {
  // Door 2: a fibre line, while the welcome campaign runs (30 TL off for 3 months).
  await startAtPackage(page);
  const card = page.getByRole('radio', { name: /^Limitsiz Fiber 100 / });
  for (const term of ['1.–3. ay: 419,90 TL', '4.–12. ay: 449,90 TL', '12 ay taahhüt', 'Kurulum ücreti: Peşin - 999 TL veya 12 X 150 TL']) {
    await expect(card).toHaveAccessibleName(new RegExp(term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  }
  // The tariff notice: the fibre fee only, and the saving computed from the options (1.800 − 999).
  const notice = page.getByRole('note').filter({ hasText: 'Tarife bilgilendirmesi' });
  await expect(notice).toContainText("Yeni fiber kurulum ve aktivasyon ücreti 1.800 TL'dir; peşin 999 TL veya 12 ay boyunca aylık 150 TL olarak ödenir. Kurulum ücretini peşin öderseniz 801 TL daha az ödersiniz.");
  await expect(notice).toContainText('Tüm tarifeler 12 ay taahhütlüdür');
  await expect(page.getByText(/VDSL|1\.998 TL|3\.600 TL/)).toHaveCount(0);

  // Pressed before a package is chosen, the button (enabled, never pale) says why and moves there.
  const next = page.getByRole('button', { name: 'Nüfus Bilgilerini Ekle' });
  await expect(next).toBeEnabled();
  await next.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Paket Seçimi Yapılmadı' })).toHaveText('Paket Seçimi Yapılmadı Lütfen bir paket seçin.');
  await expect(page.getByRole('radio').first()).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Nüfus bilgileriniz' })).toHaveCount(0);

  // Chosen: the summary says the same months at the same price as the card.
  await card.check();
  const cardPrice = await page.locator('fieldset label').filter({ has: card }).locator('strong').textContent();
  expect(cardPrice).toBe('419,90 TL');
  const summary = page.getByRole('complementary', { name: 'Başvuru özeti' });
  await expect(summary).toContainText(`1.–3. ay: ${cardPrice}`);
  await expect(summary).toContainText('4.–12. ay: 449,90 TL');
  await expect(summary).toContainText('Taahhüt12 ay');
  await expectNoAxeViolations(page);
});

test("at the last step the monthly price and the commitment are in view with 'Kaydı Tamamla'; pressed before the consents, it names them", { tag: '@phone' }, async ({ page }, testInfo) => {
  test.slow();
  await startAtContact(page);
  await verifyContact(page, 'phone', randomPhone());
  await verifyContact(page, 'mail', randomMail());
  const finish = page.getByRole('button', { name: 'Kaydı Tamamla' });
  await finish.scrollIntoViewIfNeeded();
  await expect(finish).toBeInViewport();
  // On a phone (the summary after the form) the figures stand by the button; beside the form the side summary has them.
  const figures = page.getByRole('group', { name: 'Ödeyeceğiniz tutar' });
  if (testInfo.project.name === 'phone') {
    await expect(figures.getByText('1.–3. ay: 419,90 TL')).toBeInViewport();
    await expect(figures.getByText('4.–12. ay: 449,90 TL')).toBeInViewport();
    await expect(figures.getByText('12 ay', { exact: true })).toBeInViewport();
  } else {
    await expect(figures).toBeHidden();
    await expect(page.getByRole('complementary', { name: 'Başvuru özeti' })).toContainText('1.–3. ay: 419,90 TL4.–12. ay: 449,90 TL');
  }

  // Enabled before the consents: pressed, an error summary names both, each box says it, focus on the first.
  await expect(finish).toBeEnabled();
  const filed = [] as string[];
  page.on('request', (request) => {
    if (request.url().includes('register-step-4')) filed.push(request.url());
  });
  await finish.click();
  const kvkk = page.getByRole('checkbox', { name: /KVKK Aydınlatma Metni/ });
  await expect(page.getByRole('link', { name: "KVKK Aydınlatma Metni'ni okuduğunuzu onaylayın." })).toBeVisible();
  await expect(page.getByRole('link', { name: "Ön Bilgilendirme Formu ve Mesafeli Sözleşme'yi onaylayın." })).toBeVisible();
  await expect(kvkk).toBeFocused();
  await expect(kvkk).toHaveAccessibleDescription("KVKK Aydınlatma Metni'ni okuduğunuzu onaylayın.");
  await expectNoAxeViolations(page);
  // Ticked, its message goes; the other stays until it is ticked too.
  await kvkk.check();
  await expect(page.getByRole('link', { name: "KVKK Aydınlatma Metni'ni okuduğunuzu onaylayın." })).toHaveCount(0);
  await expect(page.getByRole('link', { name: "Ön Bilgilendirme Formu ve Mesafeli Sözleşme'yi onaylayın." })).toBeVisible();
  await acceptConsents(page);
  await expect(page.getByRole('link', { name: /onaylayın\.$/ })).toHaveCount(0);
  expect(filed).toEqual([]);
});
