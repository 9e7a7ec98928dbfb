import type { StoredWizard } from '../support/flow-state';
import { latestCode } from '../support/sandbox';
import type { Identity } from '../support/wizard';
import { expect, type EnginePage } from './page';

/** What the engine suites do again and again (journeys.engine.ts, wcag22.engine.ts), once. */

/**
 * The header's navigation, with its links showing: at 390 px they sit behind the 'Menü' button,
 * which this opens (again, if the first click came before the page could answer it).
 */
export async function openMenu(web: EnginePage, label = 'Ana menü') {
  const nav = web.getByRole('navigation', { name: label });
  const toggle = nav.getByRole('button', { name: /^(Menü|Menu)$/ });
  for (let attempt = 1; ; attempt++) {
    const [state] = await toggle.states(['aria-expanded']);
    if (!state?.visible || state.attributes['aria-expanded'] === 'true') return nav;
    if (attempt > 3) throw new Error(`the menu of ${label} does not open`);
    await toggle.click();
    await expect(toggle, { timeout: 2_000 })
      .toHaveAttribute('aria-expanded', 'true')
      .catch(() => {});
  }
}

/** The SMS login of '#giris' up to its code: the TC number typed, the code sent; answers the popup and its code field, focused. */
export async function askLoginCode(web: EnginePage, customer: { nationality_number: string }) {
  await web.goto('/#giris');
  const login = web.getByRole('dialog', { name: 'Giriş Yap' });
  await login.getByLabel('TC Kimlik No').type(customer.nationality_number);
  await login.getByRole('button', { name: 'Giriş Yap' }).click();
  const code = login.getByLabel('SMS Kodu');
  await expect(code).toBeFocused();
  return { login, code };
}

/** The SMS login of '#giris', with the code the sandbox sent to the customer's phone. */
export async function logIn(web: EnginePage, customer: { nationality_number: string; phone: string }) {
  const { login, code } = await askLoginCode(web, customer);
  await code.type(await latestCode(customer.phone));
  await login.getByRole('button', { name: 'Kodu Onayla' }).click();
  await expect(login).toBeHidden();
}

/**
 * Opens the wizard on a state answered through the API (e2e/support/flow-state.ts storedWizardAt),
 * as a reload of the tab would: sessionStorage belongs to the site's origin, so a first document of
 * it (robots.txt, the smallest), then the wizard.
 */
export async function openWizard(web: EnginePage, wizard: StoredWizard) {
  await web.goto('/robots.txt');
  await web.evaluate(`(sessionStorage.setItem(${JSON.stringify(wizard.key)}, ${JSON.stringify(wizard.value)}), true)`);
  await web.goto(wizard.path);
}

/** The identity step's fields, typed key by key (the masked ones, TC number and birth date, take digits as typed). */
export async function typeIdentity(web: EnginePage, person: Identity) {
  await web.getByLabel('T.C. Kimlik No').type(person.nationality_number);
  await web.getByLabel('Kimlik Seri No').type(person.serial);
  await web.getByLabel('Ad', { exact: true }).type(person.name);
  await web.getByLabel('Soyad', { exact: true }).type(person.surname);
  await web.getByLabel('Anne Adı').type(person.mother);
  await web.getByLabel('Baba Adı').type(person.father);
  await web.getByLabel('Doğum Tarihi').type(person.birthdate.replaceAll('/', ''));
  await expect(web.getByLabel('Doğum Tarihi')).toHaveValue(person.birthdate);
  await web.getByRole('radio', { name: 'Kadın' }).check();
  await web.getByLabel('Meslek').selectOption({ label: 'Mühendis' });
  await web.getByLabel('Güvenlik Kelimesi', { exact: true }).type(person.securityWord);
}
