'use client';

import { useTranslations } from 'next-intl';
import { DocumentLinks } from '@/components/account/document-link';
import { DocumentUpload } from '@/components/account/document-upload';
import { ReviewSection } from '@/components/account/review-section';
import type { ConfirmNationality } from '@/lib/api/types';
import { canUploadIdentity } from '@/lib/domain/subscription';

/**
 * The Identity tab (spec §2, §4, §8): the notice for the status, the front and back upload when
 * not sent (0) or rejected (3, with the server's reason), the documents' links in approval (1) and
 * approved (2); in approval the upload stays in view but disabled.
 */
export function IdentityPanel({ identity, onUploaded }: { identity: ConfirmNationality; onUploaded: () => Promise<unknown> }) {
  const t = useTranslations('profile');
  const canUpload = canUploadIdentity(identity.status);
  const front = t('identity.front');
  const back = t('identity.back');

  return (
    <ReviewSection heading={t('identity.heading')} texts="identity" review={identity}>
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
    </ReviewSection>
  );
}
