'use client';

import { useTranslations } from 'next-intl';
import { type ReactNode, useId } from 'react';
import { reviewTones } from '@/components/account/review-tone';
import styles from '@/components/account/profile.module.css';
import { StatusPill } from '@/components/account/status-pill';
import { Notice } from '@/components/ui/notice';
import { useTurkishData } from '@/components/ui/page-language';
import { reviewStatusKey } from '@/lib/profile/review';

/**
 * A section of documents the provider reviews, the identity's or a company's (spec §2, §4): its
 * heading with the status as a pill, the notice of that status (`profile.<texts>.notice`) and, when
 * rejected, the reviewer's reason as written, then the section's links or upload.
 */
export function ReviewSection({
  heading,
  texts,
  review,
  children,
}: {
  heading: ReactNode;
  texts: 'identity' | 'companyDocs';
  review: { status: number; message: string | null };
  children: ReactNode;
}) {
  const t = useTranslations('profile');
  const headingId = useId();
  const key = reviewStatusKey(review.status);
  const tones = reviewTones[key];
  // The reviewer writes in Turkish only.
  const turkish = useTurkishData();
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <div className={styles.sectionHead}>
        <h3 id={headingId}>{heading}</h3>
        <span>
          <span className="visually-hidden">{t(`${texts}.status`)}: </span>
          <StatusPill tone={tones.pill}>{t(`review.${key}`)}</StatusPill>
        </span>
      </div>
      <Notice tone={tones.notice}>
        <p className={styles.noticeText}>{t(`${texts}.notice.${key}`)}</p>
        {review.status === 3 && review.message ? (
          <p className={styles.noticeText}>
            <strong>{t('identity.reason')}</strong> <span lang={turkish}>{review.message}</span>
          </p>
        ) : null}
      </Notice>
      {children}
    </section>
  );
}
