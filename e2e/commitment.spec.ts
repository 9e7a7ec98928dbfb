import { expect, type Page, test } from '@playwright/test';
import { formatPrice } from '@/lib/domain/money';
import { cartOf, commitmentFiguresOf } from '@/lib/domain/pricing';
import { products, publicProduct } from '@/sandbox/catalog';
import { expectNoAxeViolations } from './support/axe';
import { startAtIdentity, startTransferAtIdentity } from './support/flow-state';
import { fillIdentity, newApplicant } from './support/wizard';

// The commitment summary (docs/decisions/0020-commitment-summary-and-documents.md): on its own step,
// before any consent is asked, in both flows and both languages, at 360 px (the phone project) and
// on a desktop; its figures are the pricing function's (lib/domain/pricing.ts) for the tariff chosen.

/** The page is no wider than the screen: nothing of the summary hides beyond its right edge. */
const fitsTheScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

for (const flow of ['new', 'transfer'] as const) {
  test(`${flow}: the commitment summary on its own before the consents, its own box unticked, the pricing function's figures, in Turkish and English`, { tag: '@phone' }, async ({ page }) => {
    test.slow();
    // Limitsiz Fiber 100 on a fibre line; a new line pays its setup fee in 12 X 150 TL, a transfer none.
    if (flow === 'new') await startAtIdentity(page, 'Daire 2');
    else await startTransferAtIdentity(page, `17${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`);
    const product = publicProduct(products[0]!);
    const setup = flow === 'new' ? product.setup_prices[1]! : null;
    // The welcome campaign runs in the suite's sandbox (its default end date).
    const figures = commitmentFiguresOf(cartOf({ product, setup, welcomeActive: true, campaignCode: null, referenceCode: null }));

    await fillIdentity(page, newApplicant());
    await page.getByRole('button', { name: 'İletişim Bilgilerini Ekle' }).click();
    await page.getByRole('button', { name: 'Eklemeden Devam Et' }).click();

    await expect(page.getByRole('heading', { name: 'Taahhüt özetiniz' })).toBeVisible();
    // Nothing to consent to yet, and nothing to file.
    await expect(page.getByRole('checkbox', { name: /KVKK Aydınlatma Metni/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Kaydı Tamamla' })).toHaveCount(0);
    const tr = (amount: number) => formatPrice(amount, { locale: 'tr' });
    const shown = page.getByRole('group', { name: 'Taahhüt özeti rakamları' }).getByRole('definition');
    await expect(shown).toHaveText([
      'Limitsiz Fiber 100 (fiber hat)',
      flow === 'new' ? '1.800 TL, 12 taksitte (aylık 150 TL)' : 'Taşıma başvurusunda kurulum ücreti alınmaz',
      '12 ay',
      new RegExp(`^${tr(figures.withoutCommitment)}`),
      new RegExp(`^${tr(figures.averageMonthly)}`),
      `${tr(figures.lowestExit.fee)} (${figures.lowestExit.afterMonth}. ayın sonunda ayrılırsanız)`,
      new RegExp(`^${tr(figures.highestExit.fee)} \\(${figures.highestExit.afterMonth}\\. ayın sonunda ayrılırsanız\\)`),
    ]);
    await expect(page.getByText(flow === 'new' ? /ve 12 taksitte ödeyeceğiniz 1\.800 TL kurulum ücretinin toplamının 12 aya bölünmesiyle/ : /toplamının 12 aya bölünmesiyle bulunur\.$/)).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /Taahhüt özetini okudum/ })).not.toBeChecked();
    expect(await fitsTheScreen(page)).toBe(true);
    await expectNoAxeViolations(page);

    // The same step in English (the wizard's state is the tab's, whatever the language).
    await page.goto(`/en?basvuru=${flow === 'new' ? 'yeni' : 'transfer'}&adim=${flow === 'new' ? 4 : 5}`);
    await expect(page.getByRole('heading', { name: 'Your commitment summary' })).toBeVisible();
    const en = (amount: number) => formatPrice(amount, { locale: 'en' });
    await expect(page.getByRole('group', { name: 'Commitment summary figures' }).getByRole('definition')).toHaveText([
      'Limitsiz Fiber 100 (fibre line)',
      flow === 'new' ? '1,800 TL, in 12 instalments (150 TL a month)' : 'A transfer has no setup fee',
      '12 months',
      new RegExp(`^${en(figures.withoutCommitment)}`),
      new RegExp(`^${en(figures.averageMonthly)}`),
      `${en(figures.lowestExit.fee)} (if you leave at the end of month ${figures.lowestExit.afterMonth})`,
      new RegExp(`^${en(figures.highestExit.fee)} \\(if you leave at the end of month ${figures.highestExit.afterMonth}\\)`),
    ]);
    await expect(page.getByRole('checkbox', { name: /personal data notice/i })).toHaveCount(0);
    expect(await fitsTheScreen(page)).toBe(true);
    await expectNoAxeViolations(page);
    await page.getByRole('checkbox', { name: 'I have read the commitment summary and understand the commitment period, the fees and the early-exit fee.' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    // Then, and only then, the contact step with its consents.
    await expect(page.getByRole('heading', { name: 'Your contact details' })).toBeVisible();
  });
}

test('a confirmation counts for the summary confirmed: another setup fee asks again, and nothing is filed before', async ({ page }) => {
  test.slow();
  await startAtIdentity(page, 'Daire 2');
  await fillIdentity(page, newApplicant());
  await page.getByRole('button', { name: 'İletişim Bilgilerini Ekle' }).click();
  await page.getByRole('button', { name: 'Eklemeden Devam Et' }).click();
  const box = page.getByRole('checkbox', { name: /Taahhüt özetini okudum/ });
  await box.check();
  await page.getByRole('button', { name: 'Devam Et' }).click();
  await expect(page.getByRole('heading', { name: 'İletişim bilgileriniz' })).toBeVisible();

  // Back to the package: the setup fee paid up front instead changes the average.
  await page.goto('/?basvuru=yeni&adim=2');
  await page.getByLabel('Kurulum ücreti ödeme yöntemi').selectOption({ label: 'Peşin - 999 TL' });
  await page.getByRole('button', { name: 'Nüfus Bilgilerini Ekle' }).click();
  await page.getByRole('button', { name: 'İletişim Bilgilerini Ekle' }).click();
  await page.getByRole('button', { name: 'Eklemeden Devam Et' }).click();
  // The summary again, for the new figures, its box unticked; Forward to the contact step waits for it.
  await expect(page.getByRole('heading', { name: 'Taahhüt özetiniz' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Taahhüt özeti rakamları' })).toContainText('999 TL, peşin');
  await expect(box).not.toBeChecked();
  await page.goto('/?basvuru=yeni&adim=5');
  await expect(page.getByRole('heading', { name: 'Taahhüt özetiniz' })).toBeVisible();
});
