import { expect, type Page } from '@playwright/test';
import { COMMITMENT } from '@/testing/consents';
import tr from '@/messages/tr.json';

/**
 * What the wizard sends with the call that files an application: the versions shown now, no messages,
 * and a commitment summary confirmed (Limitsiz Fiber 100, the welcome discount, 12 X 150 TL).
 */
export const CONSENTS = { kvkk: tr.consents.kvkk.version, contract: tr.consents.contract.version, marketing: false, commitment: COMMITMENT } as const;

/**
 * The commitment summary step (docs/decisions/0020-commitment-summary-and-documents.md): its heading,
 * then its own box ticked; `next` presses the step's button ('Devam Et' for a visitor; a customer's
 * consents come on this step, so they press it themselves).
 */
/**
 * A logged-in customer from the package step to the filing: 'Başvuruyu Tamamla', no code, the
 * commitment summary confirmed, the two required consents, 'Başvuruyu Tamamla' again.
 */
export async function fileAsCustomer(page: Page) {
  await page.getByRole('button', { name: 'Başvuruyu Tamamla' }).click();
  await page.getByRole('button', { name: 'Eklemeden Devam Et' }).click();
  await confirmCommitment(page, { next: false });
  await acceptConsents(page);
  await page.getByRole('button', { name: 'Başvuruyu Tamamla' }).click();
}

export async function confirmCommitment(page: Page, { next = true } = {}) {
  await expect(page.getByRole('heading', { name: 'Taahhüt özetiniz' })).toBeVisible();
  const box = page.getByRole('checkbox', { name: /Taahhüt özetini okudum/ });
  await expect(box).not.toBeChecked();
  await box.check();
  if (next) await page.getByRole('button', { name: 'Devam Et' }).click();
}

/** Ticks the two required consents before the finishing button (the optional one stays unticked). */
export async function acceptConsents(page: Page) {
  await page.getByRole('checkbox', { name: /KVKK Aydınlatma Metni/ }).check();
  await page.getByRole('checkbox', { name: /Ön Bilgilendirme Formu ve Mesafeli Sözleşme/ }).check();
  await expect(page.getByRole('checkbox', { name: /ticari elektronik ileti/ })).not.toBeChecked();
}
