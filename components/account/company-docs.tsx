'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { showAccountView } from '@/lib/account/navigation';
import { DocumentLinks } from '@/components/account/document-link';
import { DocumentUpload } from '@/components/account/document-upload';
import { ReviewSection } from '@/components/account/review-section';
import { ProfileLoading } from '@/components/account/profile-loading';
import { useProfile } from '@/components/account/use-profile';
import { canUploadCompanyDocs } from '@/lib/domain/subscription';
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
  const taxPlate = t('taxPlate');
  const signatureCircular = t('signatureCircular');
  return (
    <ReviewSection heading={company.name} texts="companyDocs" review={docs}>
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
    </ReviewSection>
  );
}
