'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import styles from '@/components/application/commitment.module.css';
import consentStyles from '@/components/application/consent-checks.module.css';
import { consentBoxId, ConsentChecks, missingConsents } from '@/components/application/consent-checks';
import { DecisionFigures } from '@/components/application/decision-figures';
import { StepActions, StepForm, useFocusOnFailure } from '@/components/application/step-form';
import wizardStyles from '@/components/application/wizard.module.css';
import { Button } from '@/components/ui/button';
import { ErrorSummary } from '@/components/ui/error-summary';
import fieldStyles from '@/components/ui/field.module.css';
import { useTurkishData } from '@/components/ui/page-language';
import { commitmentSummaryOf } from '@/lib/application/commitment';
import type { Offer } from '@/lib/application/offer';
import type { Locale } from '@/lib/i18n/routing';
import type { ConsentChoices } from '@/lib/validation/consents';

/**
 * The commitment summary (docs/decisions/0020-commitment-summary-and-documents.md): before the
 * consents, on a step of its own, the chosen tariff's commitment, its price without commitment, the
 * average monthly fee and the lowest and highest early-exit fee, each from the cart's pricing
 * function (lib/application/commitment.ts), confirmed with a box of its own, unticked. A customer
 * files on this step: their consents appear once the summary is confirmed, never beside an
 * unconfirmed one.
 */
export function CommitmentStep({
  offer,
  confirmed,
  submitting,
  nextLabel,
  consents,
  onConfirm,
  onSubmit,
}: {
  offer: Pick<Offer, 'chosen' | 'cart' | 'commitment' | 'connectionType'>;
  /** The box: ticked only while the summary confirmed is the one shown. */
  confirmed: boolean;
  submitting: boolean;
  nextLabel: string;
  /** A customer files here: their consents, after the summary. */
  consents?: { choices: ConsentChoices; onChange: (choices: ConsentChoices) => void };
  onConfirm: (confirmed: boolean) => void;
  onSubmit: () => void;
}) {
  const t = useTranslations('application.commitment');
  const tConsents = useTranslations('consents');
  const locale = useLocale() as Locale;
  const turkish = useTurkishData();
  const id = useId();
  const boxId = `${id}-confirm`;
  const consentsId = `${id}-consents`;
  const [tried, setTried] = useState(false);
  const summary = commitmentSummaryOf(offer, locale);
  const boxMissing = tried && !confirmed;
  const consentsMissing = consents && tried && confirmed ? missingConsents(consents.choices) : [];
  const failed = useFocusOnFailure(boxMissing ? boxId : consentsMissing[0] ? consentBoxId(consentsId, consentsMissing[0]) : undefined);
  if (!summary) return null;
  const setup = summary.setup;
  const setupText =
    setup === null
      ? null
      : setup.kind === 'installment'
        ? t('setupInstallments', { price: setup.total, count: setup.count, monthly: setup.monthly })
        : t('setupUpfront', { price: setup.total });
  const exit = (value: { fee: string; afterMonth: number }) => t('exitValue', { fee: value.fee, month: value.afterMonth });

  return (
    <StepForm
      onSubmit={() => {
        const unticked = consents && confirmed ? missingConsents(consents.choices) : [];
        const ready = confirmed && unticked.length === 0;
        setTried(!ready);
        if (ready) onSubmit();
        else failed();
      }}
    >
      <h2>{t('heading')}</h2>
      <ErrorSummary
        items={[
          ...(boxMissing ? [{ id: boxId, label: t('missing') }] : []),
          ...consentsMissing.map((kind) => ({ id: consentBoxId(consentsId, kind), label: tConsents(`missing.${kind}`) })),
        ]}
      />
      <p className={wizardStyles.lead}>{t('lead', { months: summary.months })}</p>
      <div className={styles.figures} role="group" aria-label={t('figures')}>
        <dl>
          <dt>{t('tariff')}</dt>
          <dd>
            {summary.line ? (
              t.rich('tariffValue', {
                name: (chunks) => <span lang={turkish}>{chunks}</span>,
                product: summary.productName,
                line: t(summary.line === 1 ? 'lineFibre' : 'lineVdsl'),
              })
            ) : (
              <span lang={turkish}>{summary.productName}</span>
            )}
          </dd>
          <dt>{t('setup')}</dt>
          <dd>{setupText ?? t('setupNone')}</dd>
          <dt>{t('months')}</dt>
          <dd className={styles.amount}>{t('monthsValue', { months: summary.months })}</dd>
          <dt>{t('withoutCommitment')}</dt>
          <dd>
            <span className={styles.amount}>{summary.withoutCommitment}</span>
            <span className={styles.how}>{t('withoutCommitmentHow')}</span>
          </dd>
          <dt>{t('average')}</dt>
          <dd>
            <span className={styles.amount}>{summary.averageMonthly}</span>
            <span className={styles.how}>
              {setup
                ? t('averageHow', {
                    months: summary.months,
                    setup: setup.total,
                    method: setup.kind === 'installment' ? t('methodInstallments', { count: setup.count }) : t('methodUpfront'),
                  })
                : t('averageHowNoSetup', { months: summary.months })}
            </span>
          </dd>
          <dt>{t('lowestExit')}</dt>
          <dd className={styles.amount}>{exit(summary.lowestExit)}</dd>
          <dt>{t('highestExit')}</dt>
          <dd>
            <span className={styles.amount}>{exit(summary.highestExit)}</span>
            <span className={styles.how}>{t('exitHow')}</span>
          </dd>
        </dl>
      </div>
      <p className={styles.version}>{tConsents('versionLabel', { version: tConsents('commitment.version') })}</p>

      <div className={consentStyles.item}>
        {boxMissing ? (
          <p id={`${boxId}-error`} className={`${fieldStyles.error} ${consentStyles.error}`}>
            {t('missing')}
          </p>
        ) : null}
        <input
          id={boxId}
          type="checkbox"
          checked={confirmed}
          required
          aria-invalid={boxMissing || undefined}
          aria-describedby={boxMissing ? `${boxId}-error` : undefined}
          onChange={(event) => onConfirm(event.target.checked)}
        />
        <label htmlFor={boxId}>{t('confirm')}</label>
      </div>

      {consents ? (
        confirmed ? (
          <>
            <ConsentChecks id={consentsId} choices={consents.choices} onChange={consents.onChange} showMissing={tried} />
            <DecisionFigures cart={offer.cart} />
          </>
        ) : (
          <p className={consentStyles.hint}>{t('consentsAfter')}</p>
        )
      ) : null}

      <StepActions>
        <Button type="submit" disabled={submitting} aria-busy={submitting || undefined}>
          {nextLabel}
        </Button>
      </StepActions>
    </StepForm>
  );
}
