'use client';

import { useTranslations } from 'next-intl';
import { usePricePeriods } from '@/components/application/price-periods';
import styles from '@/components/application/price.module.css';
import type { Cart } from '@/lib/domain/pricing';

/**
 * The monthly price and the commitment just above the button that files the application: on a
 * phone the summary comes after the form, so without these the buyer would decide blind.
 * Hidden where the side summary stands beside the form.
 */
export function DecisionFigures({ cart }: { cart: Cart | null }) {
  const t = useTranslations('application.summary');
  const periods = usePricePeriods();
  if (!cart) return null;
  return (
    <div className={styles.decision} role="group" aria-label={t('decision')}>
      <dl>
        <dt>{t('monthly')}</dt>
        <dd>
          <ul>
            {periods(cart).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </dd>
        <dt>{t('commitment')}</dt>
        <dd>{t('commitmentValue', { months: cart.commitmentMonths })}</dd>
      </dl>
    </div>
  );
}
