import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { registerCustomer } from './support/register';
import { acceptConsents, confirmCommitment, fileAsCustomer } from './support/consents';
import { randomMail, randomPhone } from './support/people';
import { passFinishLine } from './support/received';
import { logInFromPrefilledPopup } from './support/login';
import { sandbox } from './support/sandbox';
import { startAtIdentity, startAtPackage, startTransferAtIdentity } from './support/flow-state';
import { fillIdentity, newApplicant, verifyContact } from './support/wizard';

/**
 * Off the happy path of the wizards (lib/application/flow/): a form hash the upstream refuses,
 * Back and Forward after a change, a second tab, and the registered-user path to the end.
 */

const expiredNotice = (page: Page) => page.getByRole('alert').filter({ hasText: 'Başvurunuzu bu adımdan yeniden başlatmanız gerekiyor' });
const stored = (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem('basvuru:new') ?? 'null') as { formHash: string | null; formId: string | null });

/** Ages the form this page is on past the upstream's 30 minutes. */
async function expireForm(page: Page) {
  const { formHash } = await stored(page);
  expect(formHash).toBeTruthy();
  await sandbox('/__sandbox/forms/expire', { hash: formHash });
}

/** A second tab holding this tab's application, as the browser's 'Duplicate tab' makes it (sessionStorage copied). */
async function duplicateTab(context: BrowserContext, page: Page): Promise<Page> {
  const copy = await page.evaluate(() => sessionStorage.getItem('basvuru:new'));
  const second = await context.newPage();
  await second.addInitScript((value) => {
    if (value && !sessionStorage.getItem('basvuru:new')) sessionStorage.setItem('basvuru:new', value);
  }, copy);
  await second.goto(page.url());
  return second;
}

test('an expired form: the step says so in plain words, goes back to the address with everything typed, and the application still finishes', async ({ page }) => {
  test.slow();
  const applicant = newApplicant();
  await startAtIdentity(page, 'Daire 3');
  await fillIdentity(page, applicant);
  await expireForm(page);
  await page.getByRole('button', { name: 'İletişim Bilgilerini Ekle' }).click();
  await page.getByRole('button', { name: 'Eklemeden Devam Et' }).click();

  // Back at the first step, told why, with the address, the tariff and the identity kept.
  await expect(expiredNotice(page)).toContainText('Girdiğiniz bilgiler saklandı');
  await expect(page).toHaveURL(/adim=1$/);
  await expect(page.getByRole('combobox', { name: 'İç Kapı No' })).toHaveValue('Daire 3');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Paket Seç' }).click();
  await expect(expiredNotice(page)).toHaveCount(0);
  await expect(page.getByRole('radio', { name: /^Limitsiz Fiber 100 / })).toBeChecked();
  await page.getByRole('button', { name: 'Nüfus Bilgilerini Ekle' }).click();
  await expect(page.getByLabel('Ad', { exact: true })).toHaveValue(applicant.name);
  await expect(page.getByLabel('T.C. Kimlik No')).toHaveValue(applicant.nationality_number);
  await expect(page.getByLabel('Güvenlik Kelimesi', { exact: true })).toHaveValue(applicant.securityWord);
  await page.getByRole('button', { name: 'İletişim Bilgilerini Ekle' }).click();
  await page.getByRole('button', { name: 'Eklemeden Devam Et' }).click();
  await confirmCommitment(page);
  await expect(page.getByRole('heading', { name: 'İletişim bilgileriniz' })).toBeVisible();
  await verifyContact(page, 'phone', randomPhone());
  await verifyContact(page, 'mail', randomMail());
  await acceptConsents(page);
  await page.getByRole('button', { name: 'Kaydı Tamamla' }).click();
  await passFinishLine(page);
});

test('an expired form at the last step: the verified phone and mail are offered again on the new form', async ({ page }) => {
  test.slow();
  const phone = randomPhone();
  await startAtIdentity(page, 'Daire 3');
  await fillIdentity(page, newApplicant());
  await page.getByRole('button', { name: 'İletişim Bilgilerini Ekle' }).click();
  await page.getByRole('button', { name: 'Eklemeden Devam Et' }).click();
  await confirmCommitment(page);
  await verifyContact(page, 'phone', phone);
  await expireForm(page);
  // The mail popup's first call finds the form gone: the popup closes and the wizard takes over.
  await page.getByRole('button', { name: 'E-posta: Ekle' }).click();
  const dialog = page.getByRole('dialog', { name: 'E-posta doğrulama' });
  await dialog.getByLabel('E-posta adresiniz').fill(randomMail());
  await dialog.getByRole('button', { name: 'Kod Gönder' }).click();
  await expect(dialog).toBeHidden();
  await expect(expiredNotice(page)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'İç Kapı No' })).toHaveValue('Daire 3');

  await page.getByRole('button', { name: 'Paket Seç' }).click();
  await page.getByRole('button', { name: 'Nüfus Bilgilerini Ekle' }).click();
  await page.getByRole('button', { name: 'İletişim Bilgilerini Ekle' }).click();
  await page.getByRole('button', { name: 'Eklemeden Devam Et' }).click();
  await confirmCommitment(page);
  // Verified on the old form, so not verified on this one: offered again, filled in.
  await expect(page.getByText('Belirlenmemiş')).toHaveCount(2);
  await page.getByRole('button', { name: 'Cep telefonu: Ekle' }).click();
  await expect(page.getByRole('dialog', { name: 'Telefon numarası doğrulama' }).getByLabel('Cep telefonu numaranız')).toHaveValue(phone);
});

test('a step the server refuses with field details: each message once, at its field, with the focus on it and no dialog; the form goes on once it is right', async ({
  page,
}) => {
  const required = 'Bu alan zorunludur.';
  await startAtIdentity(page);
  await fillIdentity(page, newApplicant());
  // What the page's own checks let through, blanked on the way: the backend-for-frontend refuses it with the field's message.
  await page.route(
    '**/api/v1/customers/register-step-3',
    (route) => route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), name: ' ' }) }),
    { times: 1 },
  );
  const refused = page.waitForResponse((response) => response.url().endsWith('/customers/register-step-3'));
  await page.getByRole('button', { name: 'İletişim Bilgilerini Ekle' }).click();
  await page.getByRole('button', { name: 'Eklemeden Devam Et' }).click();
  expect((await (await refused).json()).details.fields).toEqual({ name: required });

  const name = page.getByLabel('Ad', { exact: true });
  await expect(name).toHaveAccessibleDescription(required);
  await expect(name).toBeFocused();
  await expect(page.getByText(required, { exact: true })).toHaveCount(1);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Nüfus bilgileriniz' })).toBeVisible();

  // Nothing typed was lost: sent again as it is, the step passes.
  await expect(name).toHaveValue('Elif');
  await page.getByRole('button', { name: 'İletişim Bilgilerini Ekle' }).click();
  await page.getByRole('button', { name: 'Eklemeden Devam Et' }).click();
  await confirmCommitment(page);
  await expect(page.getByRole('heading', { name: 'İletişim bilgileriniz' })).toBeVisible();
});

test('Back to the package and another tariff: Forward waits until it is sent, and the application is filed with it', async ({ page }) => {
  test.slow();
  // Door 1 (gigabit fibre) answered through its calls: the address step is not what this is about.
  await startAtPackage(page, 'Daire 1');
  await page.getByRole('radio', { name: /^Limitsiz Fiber 100 / }).check();
  await page.getByLabel('Kurulum ücreti ödeme yöntemi').selectOption({ label: '12 X 150 TL' });
  await page.getByRole('button', { name: 'Nüfus Bilgilerini Ekle' }).click();
  await fillIdentity(page, newApplicant());
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Paketinizi seçin' })).toBeVisible();
  await page.getByRole('radio', { name: /^Limitsiz Fiber 200 / }).check();
  await page.getByLabel('Kurulum ücreti ödeme yöntemi').selectOption({ label: '12 X 150 TL' });
  const summary = page.getByRole('complementary', { name: 'Başvuru özeti' });
  await expect(summary).toContainText('Limitsiz Fiber 200');

  // The identity step is not shown before the new tariff is sent: the upstream still has the old one.
  await page.goForward();
  await expect(page.getByRole('heading', { name: 'Paketinizi seçin' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Limitsiz Fiber 200 / })).toBeChecked();

  await page.getByRole('button', { name: 'Nüfus Bilgilerini Ekle' }).click();
  await expect(page.getByRole('heading', { name: 'Nüfus bilgileriniz' })).toBeVisible();
  await expect(page.getByLabel('Ad', { exact: true })).toHaveValue('Elif');
  await page.getByRole('button', { name: 'İletişim Bilgilerini Ekle' }).click();
  await page.getByRole('button', { name: 'Eklemeden Devam Et' }).click();
  await confirmCommitment(page);
  await verifyContact(page, 'phone', randomPhone());
  await verifyContact(page, 'mail', randomMail());
  await acceptConsents(page);
  await page.getByRole('button', { name: 'Kaydı Tamamla' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Başvurunuz alındı' })).toBeVisible();
  const session = await (await page.request.get('/api/session')).json();
  expect(session.data.subscriptions[0].data.product.name).toBe('Limitsiz Fiber 200');
});

test('Back to the identity and another surname: Forward waits until it is sent, a reload keeps it, and the step sends what it shows', async ({ page }) => {
  const applicant = newApplicant();
  await startAtIdentity(page, 'Daire 3');
  await fillIdentity(page, applicant);
  await page.getByRole('button', { name: 'İletişim Bilgilerini Ekle' }).click();
  await page.getByRole('button', { name: 'Eklemeden Devam Et' }).click();
  await expect(page.getByRole('heading', { name: 'Taahhüt özetiniz' })).toBeVisible();

  await page.goBack();
  const surname = page.getByLabel('Soyad', { exact: true });
  await expect(surname).toHaveValue(applicant.surname);
  await surname.fill('Kaya');
  // The upstream still has the old surname: the step after it waits until this one is sent again.
  await page.goForward();
  await expect(page.getByRole('heading', { name: 'Nüfus bilgileriniz' })).toBeVisible();
  await page.reload();
  await expect(surname).toHaveValue('Kaya');

  const sent = page.waitForRequest((request) => request.url().endsWith('/customers/register-step-3'));
  await page.getByRole('button', { name: 'İletişim Bilgilerini Ekle' }).click();
  await page.getByRole('button', { name: 'Eklemeden Devam Et' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ surname: 'Kaya', name: applicant.name, nationality_number: applicant.nationality_number });
  await confirmCommitment(page);
  await expect(page.getByRole('heading', { name: 'İletişim bilgileriniz' })).toBeVisible();
});

test('two tabs of one application: the older tab’s hash is refused and it starts again; once one tab files, the other says so and cannot file', async ({
  page,
  context,
}) => {
  test.slow();
  await startAtIdentity(page, 'Daire 3');
  const second = await duplicateTab(context, page);
  await expect(second.getByRole('heading', { name: 'Nüfus bilgileriniz' })).toBeVisible();

  // The first tab moves on: the hash both tabs hold is used.
  await fillIdentity(page, newApplicant());
  await page.getByRole('button', { name: 'İletişim Bilgilerini Ekle' }).click();
  await page.getByRole('button', { name: 'Eklemeden Devam Et' }).click();
  await confirmCommitment(page);
  await expect(page.getByRole('heading', { name: 'İletişim bilgileriniz' })).toBeVisible();
  await fillIdentity(second, newApplicant());
  await second.getByRole('button', { name: 'İletişim Bilgilerini Ekle' }).click();
  await second.getByRole('button', { name: 'Eklemeden Devam Et' }).click();
  await expect(expiredNotice(second)).toBeVisible();
  await expect(second).toHaveURL(/adim=1$/);

  // A tab duplicated at the last step: whichever files first, the other cannot file again.
  await verifyContact(page, 'phone', randomPhone());
  await verifyContact(page, 'mail', randomMail());
  const third = await duplicateTab(context, page);
  await expect(third.getByRole('heading', { name: 'İletişim bilgileriniz' })).toBeVisible();
  await acceptConsents(page);
  await page.getByRole('button', { name: 'Kaydı Tamamla' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Başvurunuz alındı' })).toBeVisible();

  const done = third.getByRole('alert').filter({ hasText: 'Bu başvuru başka bir sekmede tamamlandı' });
  await expect(done).toBeVisible();
  await expect(third.getByRole('button', { name: 'Kaydı Tamamla' })).toHaveCount(0);
  await expect(done.getByRole('button', { name: 'Başvurumu takip et' })).toBeVisible();
  await third.reload();
  await expect(third.getByRole('alert').filter({ hasText: 'Bu başvuru başka bir sekmede tamamlandı' })).toBeVisible();
  // One application was filed.
  const session = await (await page.request.get('/api/session')).json();
  expect(session.data.subscriptions).toHaveLength(1);
});

for (const flow of ['new', 'transfer'] as const) {
  test(`the registered-user path to the end (${flow}): the popup, 'Giriş Yap', the SMS login, and the application filed as the customer's`, async ({ page, request }) => {
    test.slow();
    // A customer of this test alone (registered from another browser), so the fixtures' subscriptions stay as they are.
    const customer = await registerCustomer(request);
    // Door 3 and the first tariff, through the steps' calls: the steps themselves are the flows' own tests.
    if (flow === 'new') await startAtIdentity(page, 'Daire 3');
    else await startTransferAtIdentity(page, `17${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`);
    await fillIdentity(page, { ...newApplicant(), nationality_number: customer.nationality_number });
    await page.getByRole('button', { name: 'İletişim Bilgilerini Ekle' }).click();
    await page.getByRole('button', { name: 'Eklemeden Devam Et' }).click();

    await page.getByRole('alertdialog', { name: 'Kayıtlı Kullanıcı' }).getByRole('button', { name: 'Giriş Yap' }).click();
    // The login code, not the one that verified the phone at registration: read once it was sent.
    await logInFromPrefilledPopup(page, customer);

    // Logged in: the customer's steps end at the commitment summary, after the package, where they file.
    await expect(page.getByRole('banner')).toContainText(customer.name);
    await expect(page.getByRole('heading', { name: 'Paketinizi seçin' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Başvuru adımları' }).getByRole('listitem')).toHaveCount(flow === 'new' ? 3 : 4);
    await fileAsCustomer(page);
    await passFinishLine(page);
    const session = await (await page.request.get('/api/session')).json();
    expect(session.data.user_id).toBe(customer.user.user_id);
    expect(session.data.subscriptions).toHaveLength(2);
  });
}
