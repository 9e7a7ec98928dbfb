'use client';

import { useTranslations } from 'next-intl';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import styles from '@/components/account/account.module.css';
import { useTurkishData } from '@/components/ui/page-language';
import type { SubscriptionSummary } from '@/lib/api/types';
import { formatDate } from '@/lib/domain/format';
import { applicationTypeKey, subscriptionStatusKey } from '@/lib/domain/subscription';
import { NoSubscription } from '@/components/account/no-subscription';

/**
 * The customer's applications with their status labels (spec §4), in the session's order: newest
 * first (lib/session/session.ts sorts them once, spec §3). The inquiry popup shows it as it is; the profile passes its own heading and adds to each item (`renderExtra`).
 */
export function ApplicationList<S extends SubscriptionSummary>({
  subscriptions,
  focusOnMount = false,
  heading: headingText,
  renderExtra,
}: {
  subscriptions: readonly S[];
  focusOnMount?: boolean;
  heading?: string;
  renderExtra?: (subscription: S) => ReactNode;
}) {
  const t = useTranslations('inquiry');
  // Tariff names come in Turkish only.
  const turkish = useTurkishData();
  const s = useTranslations('subscription');
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();

  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);

  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} ref={heading} tabIndex={-1} className={styles.listHeading}>
        {headingText ?? t('listHeading')}
      </h3>
      {subscriptions.length === 0 ? (
        <NoSubscription />
      ) : (
        <ul className={styles.applications} aria-labelledby={headingId}>
          {subscriptions.map((subscription) => {
            const status = subscriptionStatusKey(subscription.status);
            return (
              <li key={subscription.subscription_id} className={styles.application}>
                <div className={styles.applicationHead}>
                  <span className={styles.product} lang={turkish}>
                    {subscription.data.product.name}
                  </span>
                  <span className={styles.status} data-status={status}>
                    <span className="visually-hidden">{t('status')}: </span>
                    {s(`status.${status}`)}
                  </span>
                </div>
                <dl className={styles.facts}>
                  <div>
                    <dt>{t('type')}</dt>
                    <dd>{s(`type.${applicationTypeKey(subscription.data.reference_type)}`)}</dd>
                  </div>
                  <div>
                    <dt>{t('registerDate')}</dt>
                    <dd>{formatDate(subscription.info.register_date)}</dd>
                  </div>
                  <div>
                    <dt>{t('serviceNumber')}</dt>
                    <dd>{subscription.service_number || t('noServiceNumber')}</dd>
                  </div>
                </dl>
                {renderExtra?.(subscription)}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
