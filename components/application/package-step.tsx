'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useId, useState, useTransition } from 'react';
import { CodeBox, type WizardCodes } from '@/components/application/code-box';
import { StepActions, StepForm, useFocusOnFailure } from '@/components/application/step-form';
import styles from '@/components/application/wizard.module.css';
import { usePricePeriods } from '@/components/application/price-periods';
import priceStyles from '@/components/application/price.module.css';
import { Button } from '@/components/ui/button';
import { ErrorSummary } from '@/components/ui/error-summary';
import { describedBy, Field, Select, titled } from '@/components/ui/field';
import fieldStyles from '@/components/ui/field.module.css';
import { Notice } from '@/components/ui/notice';
import { useMoney, useTurkishData } from '@/components/ui/page-language';
import type { Product } from '@/lib/api/types';
import type { PricedTariff } from '@/lib/application/offer';
import { COMMITMENT_MONTHS } from '@/lib/domain/pricing';
import { hasDiscount, type SetupFeeTerms } from '@/lib/domain/setup-price';

export type PackageProblem = 'noPackage' | 'setup' | 'unknown';

/** Spec §5's package rules: a package, a known one, and a setup-fee payment method when it has any. */
export function packageProblem(products: readonly Product[], productId: number | null, setupPriceIndex: number | null, askSetup: boolean): PackageProblem | null {
  if (productId === null) return 'noPackage';
  const product = products.find((candidate) => candidate.product_id === productId);
  if (!product) return 'unknown';
  if (askSetup && product.setup_prices.length > 0 && (setupPriceIndex === null || !product.setup_prices[setupPriceIndex])) return 'setup';
  return null;
}

/**
 * Step 2 (3 in a transfer): tariff cards, the setup-fee payment method and, for customers, the code
 * box. A tariff faster than the line is shown disabled with the line's speed; the fastest one the
 * line carries is marked. Each card says what this buyer pays month by month, the commitment and
 * the setup-fee options, from the same cart as the summary (lib/application/offer.ts). The button
 * stays enabled: pressed too early it says why (docs/decisions/0010-where-the-spec-is-silent.md).
 */
export function PackageStep({
  tariffs,
  lineSpeedMbps,
  connectionType,
  setupFee,
  settingsFailed,
  productId,
  setupPriceIndex,
  askSetup,
  nextLabel,
  submitting,
  codeBox,
  onChange,
  onSubmit,
}: {
  tariffs: readonly PricedTariff[];
  /** The line's speed when known (a new line); a transfer's line is not measured. */
  lineSpeedMbps: number | null;
  /** The line type (1 fibre, 2 VDSL): the tariff notice tells its setup fee only. */
  connectionType: 1 | 2 | null;
  setupFee: SetupFeeTerms | null;
  /** The upstream's settings, which hold the tariffs, could not be read for this page. */
  settingsFailed: boolean;
  productId: number | null;
  setupPriceIndex: number | null;
  /** The transfer flow has no setup-price choice. */
  askSetup: boolean;
  nextLabel: string;
  submitting: boolean;
  /** A customer's code box: the wizard's codes, and the customer's own TC kimlik no, which a campaign code goes with. */
  codeBox: { codes: WizardCodes; nationalityNumber: string } | null;
  onChange: (change: { productId: number; setupPriceIndex: number | null }) => void;
  onSubmit: () => void;
}) {
  const t = useTranslations('application.package');
  const tErrors = useTranslations('errors');
  const money = useMoney();
  const turkish = useTurkishData();
  const router = useRouter();
  const [retrying, startRetry] = useTransition();
  const id = useId();
  const periods = usePricePeriods();
  const [problem, setProblem] = useState<PackageProblem | null>(null);
  const products = tariffs.filter((option) => option.fits).map((option) => option.product);
  const chosen = products.find((product) => product.product_id === productId);
  const setupId = `${id}-setup`;
  const radioId = (productId: number) => `${id}-product-${productId}`;
  const cardsErrorId = `${id}-products-error`;
  // One message per problem, at its field, led by the spec's title; the summary above links to it.
  const message = (key: PackageProblem) => titled(t(`${key}Title`), t(`${key}Text`));
  const setupError = problem === 'setup' ? message('setup') : undefined;
  const cardsError = problem === 'noPackage' || problem === 'unknown' ? message(problem) : undefined;
  const packageTarget = problem === 'setup' ? setupId : products[0] ? radioId(chosen?.product_id ?? products[0].product_id) : undefined;
  const problemTarget = problem ? packageTarget : undefined;
  const summaryItems = problem && packageTarget ? [{ id: packageTarget, label: t(`${problem}Title`) }] : [];

  const failed = useFocusOnFailure(problemTarget);

  return (
    <StepForm
      onSubmit={() => {
        const found = packageProblem(products, productId, setupPriceIndex, askSetup);
        setProblem(found);
        if (found) failed();
        else onSubmit();
      }}
    >
      <h2>{t('heading')}</h2>
      <ErrorSummary items={summaryItems} />
      {settingsFailed ? (
        // Not 'no tariff': the tariffs could not be read. The page renders anew (its settings read
        // again); the wizard keeps everything typed.
        <Notice tone="danger" title={tErrors('title')}>
          <p>{tErrors('network')}</p>
          <Button variant="secondary" size="small" disabled={retrying} aria-busy={retrying} onClick={() => startRetry(() => router.refresh())}>
            {tErrors('retry')}
          </Button>
        </Notice>
      ) : null}
      {!settingsFailed && tariffs.length === 0 ? <Notice tone="warning">{t('noProducts')}</Notice> : null}
      {tariffs.length > 0 && products.length === 0 ? <Notice tone="warning">{t('noneFits', { speed: lineSpeedMbps ?? 0 })}</Notice> : null}
      <p id={cardsErrorId} className={`${fieldStyles.error} ${styles.groupError}`} role="alert">
        {cardsError}
      </p>
      <fieldset className={styles.cards} aria-describedby={cardsError ? cardsErrorId : undefined}>
        <legend className="visually-hidden">{t('heading')}</legend>
        {tariffs.map(({ product, fits, recommended, cart: tariffCart }) => {
          // A choice the line no longer carries (the address changed) shows unchosen: 'Tarife Bulunamadı'.
          const selected = fits && product.product_id === productId;
          const firstMonths = tariffCart.periods[0]?.monthly ?? tariffCart.tariffMonthly;
          return (
            <label key={product.product_id} className={`${styles.card} ${selected ? styles.cardSelected : ''} ${fits ? '' : styles.cardUnavailable}`}>
              <input
                type="radio"
                id={radioId(product.product_id)}
                name={`${id}-product`}
                value={product.product_id}
                checked={selected}
                disabled={!fits}
                className={styles.radio}
                onChange={() => {
                  setProblem(null);
                  onChange({ productId: product.product_id, setupPriceIndex: null });
                }}
              />
              <span className={styles.cardName} lang={turkish}>
                {product.name}
              </span>
              <span className={styles.cardSpeed}>{t('upTo', { speed: product.speed })}</span>
              <span className={styles.cardPrice}>
                {/* Spec §2: the list price crossed out when the tariff has a discount price. */}
                {hasDiscount(product) ? (
                  <s className={styles.oldPrice}>
                    <span className="visually-hidden">{t('oldPrice')}: </span>
                    {money.price(product.price)}
                  </s>
                ) : null}
                <strong>{money.price(firstMonths)}</strong> <span>{t('perMonth')}</span>
              </span>
              <span className={priceStyles.periods}>
                {periods(tariffCart).map((line) => (
                  <span key={line}>{line}</span>
                ))}
              </span>
              <span className={priceStyles.terms}>{t('commitment', { months: tariffCart.commitmentMonths })}</span>
              {askSetup && product.setup_prices.length > 0 ? (
                <span className={priceStyles.terms}>
                  {t('setupOptions', { options: product.setup_prices.map((option) => money.setupLabel(option)).join(` ${t('or')} `) })}
                </span>
              ) : null}
              <span className={styles.cardTag}>{t('payUse')}</span>
              {recommended ? <span className={styles.cardBest}>{t('bestFit')}</span> : null}
              {fits ? null : <span className={styles.cardReason}>{t('tooFast', { speed: lineSpeedMbps ?? 0 })}</span>}
            </label>
          );
        })}
      </fieldset>

      {askSetup && chosen && chosen.setup_prices.length > 0 ? (
        <Field id={setupId} label={t('setupLabel')} error={setupError}>
          <Select
            {...describedBy(setupId, { error: setupError })}
            value={setupPriceIndex ?? ''}
            onChange={(event) => {
              setProblem(null);
              onChange({ productId: chosen.product_id, setupPriceIndex: event.target.value === '' ? null : Number(event.target.value) });
            }}
          >
            <option value="">{t('setupPlaceholder')}</option>
            {chosen.setup_prices.map((option, index) => (
              <option key={option.name} value={index}>
                {money.setupLabel(option)}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}

      {codeBox ? <CodeBox codes={codeBox.codes} nationalityNumber={() => codeBox.nationalityNumber} /> : null}

      <Notice title={t('noticeTitle')}>
        <div className={priceStyles.notice}>
          {setupFee && connectionType ? (
            <p>
              {t('noticeSetup', {
                line: t(connectionType === 1 ? 'lineFibre' : 'lineVdsl'),
                full: money.price(setupFee.fullPrice),
                upfront: money.price(setupFee.upfrontPrice),
                count: setupFee.installmentCount,
                monthly: money.price(setupFee.installmentPrice),
              })}{' '}
              {setupFee.upfrontSaving > 0 ? t('noticeSaving', { saving: money.price(setupFee.upfrontSaving) }) : null}
            </p>
          ) : null}
          <p>{t('noticeCommitment', { months: COMMITMENT_MONTHS })}</p>
        </div>
      </Notice>

      <StepActions>
        {/* Never pale and silent: pressed before a package is chosen, it says what to do. */}
        <Button type="submit" disabled={submitting} aria-busy={submitting || undefined}>
          {nextLabel}
        </Button>
      </StepActions>
    </StepForm>
  );
}
