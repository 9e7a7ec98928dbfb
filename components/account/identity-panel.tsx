'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { DocumentLinks } from '@/components/account/document-link';
import { DocumentUpload } from '@/components/account/document-upload';
import { reviewTones } from '@/components/account/review-tone';
import styles from '@/components/account/profile.module.css';
import { StatusPill } from '@/components/account/status-pill';
import { Notice } from '@/components/ui/notice';
import { useTurkishData } from '@/components/ui/page-language';
import type { ConfirmNationality } from '@/lib/api/types';
import { canUploadIdentity } from '@/lib/domain/subscription';
import { reviewStatusKey } from '@/lib/profile/review';

/**
 * The Identity tab (spec §2, §4, §8): the notice for the status, the front and back upload when
 * not sent (0) or rejected (3, with the server's reason), the documents' links in approval (1) and
 * approved (2); in approval the upload stays in view but disabled.
 */
export function IdentityPanel({ identity, onUploaded }: { identity: ConfirmNationality; onUploaded: () => Promise<unknown> }) {
  const t = useTranslations('profile');
  const headingId = useId();
  const key = reviewStatusKey(identity.status);
  const tones = reviewTones[key];
  const canUpload = canUploadIdentity(identity.status);
  // The reviewer writes in Turkish only.
  const turkish = useTurkishData();
  const front = t('identity.front');
  const back = t('identity.back');

  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <div className={styles.sectionHead}>
        <h3 id={headingId}>{t('identity.heading')}</h3>
        <span>
          <span className="visually-hidden">{t('identity.status')}: </span>
          <StatusPill tone={tones.pill}>{t(`review.${key}`)}</StatusPill>
        </span>
      </div>
      <Notice tone={tones.notice}>
        <p className={styles.noticeText}>{t(`identity.notice.${key}`)}</p>
        {identity.status === 3 && identity.message ? (
          <p className={styles.noticeText}>
            <strong>{t('identity.reason')}</strong> <span lang={turkish}>{identity.message}</span>
          </p>
        ) : null}
      </Notice>
      {identity.status === 1 || identity.status === 2 ? (
        <DocumentLinks
          documents={[
            { link: identity.front, label: front },
            { link: identity.back, label: back },
          ]}
        />
      ) : null}
      {canUpload || identity.status === 1 ? (
        <DocumentUpload
          // A new status starts a clean form.
          key={identity.status}
          call="uploadNationalityDocs"
          legend={t('identity.legend')}
          slots={[
            { field: 'front-nationality-license', label: front },
            { field: 'back-nationality-license', label: back },
          ]}
          disabled={!canUpload}
          onUploaded={onUploaded}
        />
      ) : null}
    </section>
  );
}
