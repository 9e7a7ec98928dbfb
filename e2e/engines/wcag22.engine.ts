import { storedWizardAt } from '../support/flow-state';
import { registerCustomer } from '../support/register';
import { latestCode } from '../support/sandbox';
import { focusSeen, hiddenWhileTabbing, holdToasts, smallTargets } from '../support/wcag22';
import { newApplicant } from '../support/wizard';
import { expect, test } from './fixtures';
import type { EnginePage } from './page';
import { askLoginCode, openMenu, openWizard } from './steps';

/**
 * The WCAG 2.2 criteria axe cannot judge (e2e/wcag22.spec.ts in Chromium), in WebKit and Firefox,
 * with the Chromium suite's own measurements (e2e/support/wcag22.ts): what differs between engines
 * is what they measure, the size of native controls and how far a focused element is scrolled
 * (Chromium centres it; WebKit and Firefox scroll it just into view, to an edge where a sticky
 * head may be). Shorter than the Chromium tests: a screen or two of each kind.
 */

/** Tabs to the last stop (`max` at most) and back to the first, or back first; fails on each focus left hidden. */
async function expectFocusSeen(web: EnginePage, where: string, max: number, options?: { backFirst?: boolean }) {
  const hidden = await hiddenWhileTabbing({ press: (key) => web.keyboard.press(key), focusSeen: () => web.run(focusSeen) }, where, max, options);
  if (hidden.length) throw new Error(`the focus is hidden (2.4.11):\n${hidden.join('\n')}`);
}

/** Fails with the targets of the screen too small and too close (2.5.8), once its fonts are in. */
async function expectTargetsLargeEnough(web: EnginePage, screen: string) {
  for (const deadline = Date.now() + 10_000; !(await web.evaluate<boolean>('document.fonts.status === "loaded"')) && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 50));
  const small = await web.run(smallTargets);
  if (small.length) throw new Error(`pointer targets under 24 × 24 px on ${screen} (2.5.8):\n${small.join('\n')}`);
}

test('LAW WCAG 2.2 2.5.8: the header menu, the login popup and a wizard step have no pointer target under 24 × 24 px without the spacing', { tag: '@phone' }, async ({ web, request }) => {
  // The popup first: '/#giris' after '/' would change the fragment alone, which the page may see before it listens.
  await web.goto('/#giris');
  await expect(web.getByRole('dialog', { name: 'Giriş Yap' })).toBeVisible();
  await expectTargetsLargeEnough(web, 'the login popup');
  await web.goto('/');
  await openMenu(web);
  await expectTargetsLargeEnough(web, 'the home page');
  // The contact step, ready to file: buttons, the consents' native tick boxes with their labels, the summary.
  await openWizard(web, await storedWizardAt(request, 'ready'));
  await expect(web.getByRole('checkbox', { name: /KVKK Aydınlatma Metni/ })).toBeVisible();
  await expectTargetsLargeEnough(web, 'the contact step');
});

test('LAW WCAG 2.2 2.4.11: tabbing both ways through a long page and a wizard step beside its sticky summary, the focus is never hidden', { tag: '@phone' }, async ({ web, request }) => {
  await web.goto('/yasal');
  await expectFocusSeen(web, '/yasal', 40);
  // The summary stays in view beside the step from 60rem up.
  await openWizard(web, await storedWizardAt(request, 'ready'));
  await expect(web.getByRole('checkbox', { name: /KVKK Aydınlatma Metni/ })).toBeVisible();
  await expectFocusSeen(web, 'the contact step', 25);
});

test('LAW WCAG 2.2 3.3.8: the login code field says one-time-code and takes a pasted code, which logs in; LAW WCAG 2.2 2.4.11: the focus is never hidden under a toast, after the login and after the logout', { tag: '@phone' }, async ({ web, request }) => {
  const customer = await registerCustomer(request);
  const { login, code: field } = await askLoginCode(web, customer);
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  // A real copy and paste through the engine's own clipboard (X's under Xvfb for WebKitGTK, headless
  // Firefox's in-memory one): the code selected in a field of the popup (outside it the modal makes
  // everything inert), Ctrl+C, then Ctrl+V in the code field. With a space on either side, as an SMS app copies it.
  const code = await latestCode(customer.phone);
  await web.evaluate(`(() => {
    const source = document.createElement('textarea');
    source.id = 'copied-code';
    source.value = ${JSON.stringify(` ${code} `)};
    document.querySelector('dialog[open]').append(source);
    source.focus();
    source.select();
    return true;
  })()`);
  await web.keyboard.press('Control+C');
  await web.evaluate(`(document.getElementById('copied-code').remove(), true)`);
  await field.click();
  await web.keyboard.press('Control+V');
  await expect(field).toHaveValue(code);
  await login.getByRole('button', { name: 'Kodu Onayla' }).click();
  const profile = web.getByRole('dialog', { name: 'Hesabım' });
  await expect(profile).toBeVisible();

  const toasts = web.getByRole('region', { name: /^Bildirimler/ }).getByRole('listitem');
  await expect(toasts.filter({ hasText: 'Hoş geldiniz' })).toBeVisible();
  // Held on screen while the focus is judged under it: its 5 s could run out before the last key.
  if (!(await web.run(holdToasts))) throw new Error('the welcome toast went before it could be held');
  await expectFocusSeen(web, 'the profile under the welcome toast', 6);
  await expect(toasts.filter({ hasText: 'Hoş geldiniz' })).toBeVisible();
  await profile.getByRole('button', { name: 'Çıkış Yap' }).click();
  await expect(profile).toBeHidden();
  await expect(toasts.filter({ hasText: 'Oturumunuz kapatıldı' })).toBeVisible();
  if (!(await web.run(holdToasts))) throw new Error('the logout toast went before it could be held');
  // Back from the page are the header's controls, where the toast sits at the top.
  await expectFocusSeen(web, 'the header under the logout toast', 4, { backFirst: true });
  await expect(toasts.filter({ hasText: 'Oturumunuz kapatıldı' })).toBeVisible();
});

test('LAW WCAG 2.2 3.3.7: a step gone back to keeps its answers', async ({ web, request }) => {
  // Answered through the API up to the contact step (the Chromium suite types them; so does the
  // new application journey here): back from there, the identity step shows them all again.
  const person = newApplicant();
  await openWizard(web, await storedWizardAt(request, 'contact', person));
  await expect(web.getByRole('heading', { name: 'İletişim bilgileriniz' })).toBeVisible();
  await web.getByRole('button', { name: 'Geri', exact: true }).click();
  await expect(web.getByRole('heading', { name: 'Taahhüt özetiniz' })).toBeVisible();
  await web.getByRole('button', { name: 'Geri', exact: true }).click();
  await expect(web.getByRole('heading', { name: 'Nüfus bilgileriniz' })).toBeVisible();
  await expect(web.getByLabel('T.C. Kimlik No')).toHaveValue(person.nationality_number);
  await expect(web.getByLabel('Ad', { exact: true })).toHaveValue(person.name);
  await expect(web.getByLabel('Doğum Tarihi')).toHaveValue(person.birthdate);
  await expect(web.getByRole('radio', { name: 'Kadın' })).toBeChecked();
  await expect(web.getByLabel('Meslek')).toHaveSelectedLabel('Mühendis');
  await expect(web.getByLabel('Güvenlik Kelimesi', { exact: true })).toHaveValue(person.securityWord);
});
