import { expect, test } from '@playwright/test';
import { maskMail, maskNationalityNumber, maskPhone } from '@/lib/domain/mask';
import { FIXTURE_CUSTOMERS } from '@/sandbox/fixtures';
import { randomMail, randomPhone } from './support/people';
import { latestCode } from './support/sandbox';
import { startAtContact } from './support/flow-state';
import { phoneDigits } from './support/wizard';

/** One-time codes without friction: focus, one-time-code, where the code went (masked), a way to change it, the countdown. */

test('the phone code: focus on the code, the masked number, a countdown, and a way to change the number', async ({ page }) => {
  await startAtContact(page);
  const phone = randomPhone();
  const other = randomPhone();
  await page.getByRole('button', { name: 'Cep telefonu: Ekle' }).click();
  const dialog = page.getByRole('dialog', { name: 'Telefon numarası doğrulama' });
  const number = dialog.getByLabel('Cep telefonu numaranız');
  await number.pressSequentially(phoneDigits(phone));
  await dialog.getByRole('button', { name: 'Kod Gönder' }).click();

  const code = dialog.getByLabel('Onay kodu');
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(dialog.getByRole('status').filter({ hasText: 'onay kodu' })).toHaveText(`${maskPhone(phone)} numarasına bir SMS onay kodu gönderdik.`);
  await expect(dialog).not.toContainText(phone);
  await expect(dialog.getByText(/^\d+ saniye sonra yeniden kod isteyebilirsiniz\.$/)).toBeVisible();

  // Changing the number goes back with the number kept and focused; the same number waits out its minute.
  await dialog.getByRole('button', { name: 'Numarayı değiştir' }).click();
  await expect(number).toBeFocused();
  await expect(number).toHaveValue(phone);
  await expect(dialog.getByRole('button', { name: 'Kod Gönder' })).toBeDisabled();
  await expect(dialog.getByText(/^\d+ saniye sonra yeniden kod isteyebilirsiniz\.$/)).toBeVisible();
  // Another number can be asked for at once, and its code verifies it.
  await number.press('ControlOrMeta+a');
  await number.press('Delete');
  await number.pressSequentially(phoneDigits(other));
  await dialog.getByRole('button', { name: 'Kod Gönder' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'onay kodu' })).toHaveText(`${maskPhone(other)} numarasına bir SMS onay kodu gönderdik.`);
  await expect(code).toBeFocused();
  await code.pressSequentially(await latestCode(other));
  await dialog.getByRole('button', { name: 'Onayla' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(other)).toBeVisible();
  // The upstream's confirmation is said to screen readers (a polite live region); on screen the
  // green 'Doğrulandı' says it where it happened, and no notification covers the form.
  const bar = page.getByRole('group', { name: 'Bildirimler' });
  await expect(bar.locator('[aria-live="polite"]').filter({ hasText: 'Telefon numaranız onaylandı.' })).toHaveClass(/visually-hidden/);
  await expect(page.getByText('Doğrulandı')).toBeVisible();
  await expect(bar.getByRole('listitem')).toHaveCount(0);
});

test('the mail code: focus on the code, the masked address and a way to change it', async ({ page }) => {
  await startAtContact(page);
  const mail = randomMail();
  await page.getByRole('button', { name: 'E-posta: Ekle' }).click();
  const dialog = page.getByRole('dialog', { name: 'E-posta doğrulama' });
  await dialog.getByLabel('E-posta adresiniz').fill(mail);
  await dialog.getByRole('button', { name: 'Kod Gönder' }).click();
  const code = dialog.getByLabel('Onay kodu');
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(dialog.getByRole('status').filter({ hasText: 'onay kodu' })).toContainText(`${maskMail(mail)} adresine bir onay kodu gönderdik.`);
  await expect(dialog).not.toContainText(mail);
  await dialog.getByRole('button', { name: 'Adresi değiştir' }).click();
  await expect(dialog.getByLabel('E-posta adresiniz')).toBeFocused();
  await expect(dialog.getByLabel('E-posta adresiniz')).toHaveValue(mail);
});

test('the login code: focus on the code, the account it went for (masked), the countdown and a way to change the number', async ({ page }) => {
  const { nationality_number } = FIXTURE_CUSTOMERS.approved;
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Başvuru Sorgulama' }).click();
  const popup = page.getByRole('dialog', { name: 'Başvuru Sorgulama' });
  await popup.getByLabel('TC Kimlik No').pressSequentially(nationality_number);
  await popup.getByRole('button', { name: 'Giriş Yap' }).click();
  const code = popup.getByLabel('SMS Kodu');
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(popup.getByText(`Kod, ${maskNationalityNumber(nationality_number)} TC kimlik numarasına kayıtlı telefona gönderildi.`)).toBeVisible();
  await expect(popup.getByText(/^\d+ saniye sonra yeniden kod isteyebilirsiniz\.$/)).toBeVisible();
  await popup.getByRole('button', { name: 'TC kimlik numarasını değiştir' }).click();
  await expect(popup.getByLabel('TC Kimlik No')).toBeFocused();
  await expect(popup.getByLabel('TC Kimlik No')).toHaveValue(nationality_number);
});

test('English: the code popups say where the code went in English', async ({ page }) => {
  const { nationality_number } = FIXTURE_CUSTOMERS.approved;
  await page.goto('/en');
  await page.getByRole('banner').getByRole('button', { name: 'Application inquiry' }).click();
  const popup = page.getByRole('dialog', { name: 'Application inquiry' });
  await popup.getByLabel('Turkish ID number').pressSequentially(nationality_number);
  await popup.getByRole('button', { name: 'Log in' }).click();
  await expect(popup.getByText(`The code went to the phone registered to TC ID number ${maskNationalityNumber(nationality_number)}.`)).toBeVisible();
});
