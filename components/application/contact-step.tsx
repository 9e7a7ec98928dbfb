'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import styles from '@/components/application/wizard.module.css';
import type { VerificationKind } from '@/components/application/verification-form';
import { consentBoxId, ConsentChecks, missingConsents } from '@/components/application/consent-checks';
import { DecisionFigures } from '@/components/application/decision-figures';
import { StepActions, useFocusOnFailure } from '@/components/application/step-form';
import type { ConsentChoices } from '@/lib/validation/consents';
import type { Cart } from '@/lib/domain/pricing';
import { Button } from '@/components/ui/button';
import { ErrorSummary } from '@/components/ui/error-summary';

/**
 * The last step: phone and mail, each verified through its popup, then the consents, the price and
 * the commitment, and 'Kaydı Tamamla' once both are verified. The button stays enabled: pressed
 * before the required consents are ticked, an error summary and each box say which to tick, and the
 * focus goes to the first of them.
 */
export function ContactStep({
  phone,
  mail,
  consents,
  cart,
  submitting,
  onVerify,
  onConsentsChange,
  onSubmit,
}: {
  phone: string | null;
  mail: string | null;
  consents: ConsentChoices;
  /** The chosen tariff's cart: its figures stand by the button on a phone. */
  cart: Cart | null;
  submitting: boolean;
  onVerify: (kind: VerificationKind) => void;
  onConsentsChange: (consents: ConsentChoices) => void;
  onSubmit: () => void;
}) {
  const t = useTranslations('application.contact');
  const tCommon = useTranslations('common');
  const tConsents = useTranslations('consents');
  const consentsId = useId();
  const [tried, setTried] = useState(false);
  const missing = tried ? missingConsents(consents) : [];
  const failed = useFocusOnFailure(missing[0] ? consentBoxId(consentsId, missing[0]) : undefined);
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
      <ErrorSummary items={missing.map((kind) => ({ id: consentBoxId(consentsId, kind), label: tConsents(`missing.${kind}`) }))} />
      <p className={styles.lead}>{t('lead')}</p>
      <dl className={styles.contactList}>
        {row('phone', phone)}
        {row('mail', mail)}
      </dl>
      {phone && mail ? (
        <>
          <ConsentChecks id={consentsId} choices={consents} onChange={onConsentsChange} showMissing={tried} />
          <DecisionFigures cart={cart} />
        </>
      ) : null}
      {/* 'Geri' at the foot of the step from the start; the filing button once both are verified. */}
      <StepActions>
        {phone && mail ? (
          <Button
            onClick={() => {
              const unticked = missingConsents(consents);
              setTried(unticked.length > 0);
              if (unticked.length > 0) failed();
              else onSubmit();
            }}
            disabled={submitting}
            aria-busy={submitting || undefined}
          >
            {t('submit')}
          </Button>
        ) : null}
      </StepActions>
    </div>
  );
}
