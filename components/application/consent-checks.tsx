'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { usePopup } from '@/components/popups/registry';
import { linkClass } from '@/components/ui/button';
import fieldStyles from '@/components/ui/field.module.css';
import type { CommitmentConfirmation, ConsentChoices, Consents } from '@/lib/validation/consents';
import styles from '@/components/application/consent-checks.module.css';

export type RequiredConsent = 'kvkk' | 'contract';

/** The KVKK notice and the contract must be accepted to file an application; messages are optional. */
export const missingConsents = (choices: ConsentChoices): RequiredConsent[] => (['kvkk', 'contract'] as const).filter((kind) => !choices[kind]);

/** The id of a consent's box, for the error summary's links and the focus after a failed submit. */
export const consentBoxId = (base: string, kind: RequiredConsent | 'marketing') => `${base}-${kind}`;

/**
 * The consents before an application is filed (docs/requirements.md, consents): a box per
 * text, whose label opens the text itself. The finish button stays enabled: pressed before the
 * required boxes are ticked, the step sets `showMissing` and each such box says what to tick (the
 * step's error summary names them).
 */
export function ConsentChecks({
  choices,
  onChange,
  id: givenId,
  showMissing = false,
}: {
  choices: ConsentChoices;
  onChange: (choices: ConsentChoices) => void;
  /** The boxes' id base (`consentBoxId`), when the step links to them. */
  id?: string;
  showMissing?: boolean;
}) {
  const t = useTranslations('consents');
  const openText = usePopup('consentText');
  const ownId = useId();
  const id = givenId ?? ownId;
  const missing = showMissing ? missingConsents(choices) : [];
  return (
    <fieldset className={styles.consents} aria-describedby={`${id}-hint`}>
      <legend>{t('heading')}</legend>
      <p id={`${id}-hint`} className={styles.hint}>
        {t('required')}
      </p>
      {(['kvkk', 'contract', 'marketing'] as const).map((kind) => {
        const error = kind !== 'marketing' && missing.includes(kind) ? t(`missing.${kind}`) : undefined;
        const errorId = `${consentBoxId(id, kind)}-error`;
        return (
          <div key={kind} className={styles.item}>
            {error ? (
              <p id={errorId} className={`${fieldStyles.error} ${styles.error}`}>
                {error}
              </p>
            ) : null}
            <input
              id={consentBoxId(id, kind)}
              type="checkbox"
              checked={choices[kind]}
              required={kind !== 'marketing'}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => onChange({ ...choices, [kind]: event.target.checked })}
            />
            <label htmlFor={consentBoxId(id, kind)}>
              {t.rich(`${kind}.label`, {
                link: (chunks) => (
                  <button
                    type="button"
                    className={linkClass()}
                    aria-haspopup="dialog"
                    onClick={(event) => {
                      // Reading the text does not tick the box.
                      event.preventDefault();
                      openText(kind);
                    }}
                  >
                    {chunks}
                  </button>
                ),
              })}
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}

const noExit = { fee: 0, afterMonth: 0 };
const noFigures = { months: 0, withoutCommitment: 0, averageMonthly: 0, setupTotal: 0, lowestExit: noExit, highestExit: noExit };

/** What the finishing call sends: the versions of the texts accepted and the commitment summary confirmed
 * (docs/decisions/0010-where-the-spec-is-silent.md, 0020-commitment-summary-and-documents.md). */
export function useAcceptedConsents() {
  const t = useTranslations('consents');
  return (choices: ConsentChoices, commitment: Omit<CommitmentConfirmation, 'version'> | null): Consents => ({
    kvkk: t('kvkk.version'),
    contract: t('contract.version'),
    marketing: choices.marketing ? t('marketing.version') : (false as const),
    // None confirmed: nothing files (the wizard shows the summary first), and the backend-for-frontend would refuse it.
    commitment: { version: t('commitment.version'), ...(commitment ?? { productId: 0, figures: noFigures }) },
  });
}
