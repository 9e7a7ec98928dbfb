'use client';

import { useTranslations } from 'next-intl';
import styles from '@/components/account/account.module.css';

/** 'Abonelik Bulunamadı' with its explanation (spec §4), wherever a subscription is missing. */
export function NoSubscription() {
  const s = useTranslations('subscription');
  return (
    <div className={styles.empty}>
      <p className={styles.emptyTitle}>{s('emptyTitle')}</p>
      <p>{s('emptyText')}</p>
    </div>
  );
}
