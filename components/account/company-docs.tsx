'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useId } from 'react';
import { showAccountView } from '@/lib/account/navigation';
import { DocumentLinks } from '@/components/account/document-link';
import { DocumentUpload } from '@/components/account/document-upload';
import { reviewTones } from '@/components/account/review-tone';
import styles from '@/components/account/profile.module.css';
import { StatusPill } from '@/components/account/status-pill';
import { ProfileLoading } from '@/components/account/profile-loading';
import { useProfile } from '@/components/account/use-profile';
import { Notice } from '@/components/ui/notice';
import { useTurkishData } from '@/components/ui/page-language';
import { canUploadCompanyDocs } from '@/lib/domain/subscription';
import { reviewStatusKey } from '@/lib/profile/review';
import { NoSubscription } from '@/components/account/no-subscription';

/**
 * Opens the company documents modal of a corporate subscription (spec §2), at its own URL:
 * `#profil/belgeler/<id>` from the profile's list, `#profil/abonelik/<id>/belgeler` above the details
 * they were opened from, so closing them shows the details as they were.
 */
export function useCompanyDocsPopup() {
  return useCallback((subscriptionId: number, overDetail = false) => showAccountView({ kind: 'companyDocs', id: subscriptionId, overDetail }), []);
}

/**
 * Tax plate and signature circular: uploaded when the documents are not sent (0) or rejected (3,
 * with the reason), else shown read-only with their links and approval status. Reads the
 * subscription from the session, so a new status shows as soon as it is fetched.
 */
export function CompanyDocs({ subscriptionId }: { subscriptionId: number }) {
  const t = useTranslations('profile.companyDocs');
  const review = useTranslations('profile.review');
  const identity = useTranslations('profile.identity');
  // The reviewer writes in Turkish only.
  const turkish = useTurkishData();
  const headingId = useId();
  const { profile, failed, refresh, retry } = useProfile();
  if (!profile) return <ProfileLoading failed={failed} onRetry={retry} />;
  const subscription = profile.subscriptions.find((item) => item.subscription_id === subscriptionId);
  const company = subscription?.data.customer.company;
  if (!subscription || !company) {
    return (
      <NoSubscription />
    );
  }

  const { docs } = company;
  const key = reviewStatusKey(docs.status);
  const tones = reviewTones[key];
  const taxPlate = t('taxPlate');
  const signatureCircular = t('signatureCircular');
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <div className={styles.sectionHead}>
        <h3 id={headingId}>{company.name}</h3>
        <span>
          <span className="visually-hidden">{t('status')}: </span>
          <StatusPill tone={tones.pill}>{review(key)}</StatusPill>
        </span>
      </div>
      <Notice tone={tones.notice}>
        <p className={styles.noticeText}>{t(`notice.${key}`)}</p>
        {docs.status === 3 && docs.message ? (
          <p className={styles.noticeText}>
            <strong>{identity('reason')}</strong> <span lang={turkish}>{docs.message}</span>
          </p>
        ) : null}
      </Notice>
      {canUploadCompanyDocs(docs.status) ? (
        <DocumentUpload
          key={docs.status}
          call="uploadSubscriptionDocs"
          legend={t('legend')}
          slots={[
            { field: 'tax-plate', label: taxPlate },
            { field: 'signature-circular', label: signatureCircular },
          ]}
          fields={{ subscription_id: String(subscription.subscription_id) }}
          onUploaded={refresh}
        />
      ) : (
        <DocumentLinks
          documents={[
            { link: docs.tax_plate, label: taxPlate },
            { link: docs.signature_circular, label: signatureCircular },
          ]}
        />
      )}
    </section>
  );
}
