'use client';

import { useTranslations } from 'next-intl';
import styles from '@/components/application/wizard.module.css';
import type { VerificationKind } from '@/components/application/verification-form';
import { ConsentChecks, requiredConsentsGiven } from '@/components/application/consent-checks';
import type { ConsentChoices } from '@/lib/validation/consents';
import { Button } from '@/components/ui/button';

/**
 * The last step: phone and mail, each verified through its popup, then the consents; 'Kaydı
 * Tamamla' once both are verified, enabled once the required consents are given.
 */
export function ContactStep({
  phone,
  mail,
  consents,
  submitting,
  onVerify,
  onConsentsChange,
  onSubmit,
}: {
  phone: string | null;
  mail: string | null;
  consents: ConsentChoices;
  submitting: boolean;
  onVerify: (kind: VerificationKind) => void;
  onConsentsChange: (consents: ConsentChoices) => void;
  onSubmit: () => void;
}) {
  const t = useTranslations('application.contact');
  const tCommon = useTranslations('common');
  const row = (kind: VerificationKind, value: string | null) => (
    <div className={styles.contactRow}>
      <dt>{t(kind)}</dt>
      <dd>
        <span className={value ? styles.verified : styles.unset}>{value ?? tCommon('notSet')}</span>
        {value ? <span className={styles.badge}>{t('verified')}</span> : null}
      </dd>
      <dd>
        <Button variant="secondary" size="small" onClick={() => onVerify(kind)} aria-label={`${t(kind)}: ${value ? t('change') : t('add')}`}>
          {value ? t('change') : t('add')}
        </Button>
      </dd>
    </div>
  );
  return (
    <div className={styles.step}>
      <h2>{t('heading')}</h2>
      <p className={styles.lead}>{t('lead')}</p>
      <dl className={styles.contactList}>
        {row('phone', phone)}
        {row('mail', mail)}
      </dl>
      {phone && mail ? (
        <>
          <ConsentChecks choices={consents} onChange={onConsentsChange} />
          <div className={styles.actions}>
            <Button onClick={onSubmit} disabled={submitting || !requiredConsentsGiven(consents)} aria-busy={submitting || undefined}>
              {t('submit')}
            </Button>
          </div>
        </>
      ) : null}
    </div>
  );
}
