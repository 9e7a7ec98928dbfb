'use client';

import { useTranslations } from 'next-intl';
import { usePricePeriods } from '@/components/application/price-periods';
import styles from '@/components/application/wizard.module.css';
import { useMoney, useTurkishData } from '@/components/ui/page-language';
import type { Product } from '@/lib/api/types';
import type { FlowState } from '@/lib/application/flow/state';
import { infrastructureOf } from '@/lib/domain/infrastructure';
import type { Cart } from '@/lib/domain/pricing';
import { productPrice } from '@/lib/domain/setup-price';
import { addressLevels } from '@/lib/validation/address';

/**
 * The right-hand summary (below the form on phones): line speed, address, package, codes, and the
 * cart: what each month of the contract costs, the discounts behind it, the setup fee and the
 * commitment (lib/domain/pricing.ts).
 */
export function ApplicationSummary({ state, product, cart }: { state: FlowState; product: Product | undefined; cart: Cart | null }) {
  const t = useTranslations('application.summary');
  const tLevels = useTranslations('application.address.levels');
  const tCodes = useTranslations('application.codes');
  const money = useMoney();
  const periods = usePricePeriods();
  const turkish = useTurkishData();
  const speed = state.infrastructure ? infrastructureOf(state.infrastructure).speedMbps : null;
  const chosenLevels = addressLevels.filter((level) => state.address[level]);
  const empty = !speed && chosenLevels.length === 0 && !product && !state.serviceNumber;

  return (
    <aside className={styles.summary} aria-labelledby="summary-heading">
      <h2 id="summary-heading">{t('heading')}</h2>
      {empty ? <p className={styles.muted}>{t('empty')}</p> : null}
      <dl>
        {state.serviceNumber ? (
          <>
            <dt>{t('currentCompany')}</dt>
            <dd>{state.currentCompany}</dd>
            <dt>{t('serviceNumber')}</dt>
            <dd>{state.serviceNumber}</dd>
          </>
        ) : null}
        {speed ? (
          <>
            <dt>{t('speed')}</dt>
            <dd>{t('speedValue', { speed })}</dd>
          </>
        ) : null}
        {chosenLevels.length > 0 ? (
          <>
            <dt>{t('address')}</dt>
            <dd>
              <ul className={styles.addressLines}>
                {chosenLevels.map((level) => (
                  <li key={level}>
                    <span className={styles.muted}>{tLevels(level)}:</span> <span lang={turkish}>{state.address[level]!.text}</span>
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
        {product ? (
          <>
            <dt>{t('package')}</dt>
            <dd>
              <strong lang={turkish}>{product.name}</strong>
              <br />
              {t('packageSpeed', { speed: product.speed })} · {money.price(productPrice(product))}
            </dd>
          </>
        ) : null}
        {cart ? (
          <>
            <dt>{t('monthly')}</dt>
            <dd>
              <ul className={styles.addressLines}>
                {periods(cart).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </dd>
            {cart.discounts.length > 0 ? (
              <>
                <dt>{t('discounts')}</dt>
                <dd>
                  <ul className={styles.addressLines}>
                    {cart.discounts.map(({ kind, code, monthly, months }) => (
                      <li key={kind}>{t(`discount.${kind}`, { code: code ?? '', amount: money.price(monthly), months })}</li>
                    ))}
                  </ul>
                </dd>
              </>
            ) : null}
            {cart.setup ? (
              <>
                <dt>{t('setup')}</dt>
                <dd>{money.setupLabel(cart.setup)}</dd>
              </>
            ) : null}
            <dt>{t('commitment')}</dt>
            <dd>{t('commitmentValue', { months: cart.commitmentMonths })}</dd>
          </>
        ) : null}
      </dl>
      {state.campaignCode ? <p className={styles.codeNotice}>{tCodes('campaignNotice', { code: state.campaignCode })}</p> : null}
      {state.referenceCode ? <p className={styles.codeNotice}>{tCodes('referenceNotice', { code: state.referenceCode })}</p> : null}
    </aside>
  );
}
