import { expect, type Page } from '@playwright/test';
import tr from '@/messages/tr.json';

/** What the wizard sends with the call that files an application: the versions shown now, no messages. */
export const CONSENTS = { kvkk: tr.consents.kvkk.version, contract: tr.consents.contract.version, marketing: false } as const;

/** Ticks the two required consents before the finishing button (the optional one stays unticked). */
export async function acceptConsents(page: Page) {
  await page.getByRole('checkbox', { name: /KVKK Aydınlatma Metni/ }).check();
  await page.getByRole('checkbox', { name: /Ön Bilgilendirme Formu ve Mesafeli Sözleşme/ }).check();
  await expect(page.getByRole('checkbox', { name: /ticari elektronik ileti/ })).not.toBeChecked();
}
