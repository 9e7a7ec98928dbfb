'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { Facts } from '@/components/account/facts';
import styles from '@/components/account/profile.module.css';
import type { User } from '@/lib/api/types';
import { formatDate } from '@/lib/domain/format';

/** The Subscriber Info tab: the customer's own record (spec §3 user). */
export function SubscriberInfo({ user }: { user: User }) {
  const t = useTranslations('profile.subscriber');
  const common = useTranslations('common');
  const headingId = useId();
  const { data } = user;
  const orNotSet = (value: string | null | undefined) => value?.trim() || common('notSet');
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h3 id={headingId}>{t('heading')}</h3>
      <Facts
        items={[
          { label: t('name'), value: data.name },
          { label: t('surname'), value: data.surname },
          { label: t('nationalityNumber'), value: data.nationality_number },
          { label: t('nationalityType'), value: data.nationality_type === 1 ? t('citizen') : t('foreigner') },
          { label: t('phone'), value: orNotSet(data.phone) },
          { label: t('mail'), value: orNotSet(data.mail) },
          { label: t('gender'), value: data.gender === 1 ? t('female') : t('male') },
          { label: t('birthdate'), value: Number.isFinite(data.birthdate) ? formatDate(data.birthdate) : common('notSet') },
          { label: t('motherName'), value: orNotSet(data.mother_name) },
          { label: t('fatherName'), value: orNotSet(data.father_name) },
        ]}
      />
    </section>
  );
}
