'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { usePopup } from '@/components/popups/registry';
import type { ConsentChoices } from '@/lib/validation/consents';
import styles from '@/components/application/consent-checks.module.css';

/** The KVKK notice and the contract must be accepted to file an application; messages are optional. */
export const requiredConsentsGiven = (choices: ConsentChoices) => choices.kvkk && choices.contract;

/**
 * The consents before an application is filed (issue: consents before the last step): a box per
 * text, whose label opens the text itself. The finish button stays disabled until the required
 * ones are checked (the step decides that with `requiredConsentsGiven`).
 */
export function ConsentChecks({ choices, onChange }: { choices: ConsentChoices; onChange: (choices: ConsentChoices) => void }) {
  const t = useTranslations('consents');
  const openText = usePopup('consentText');
  const id = useId();
  return (
    <fieldset className={styles.consents} aria-describedby={`${id}-hint`}>
      <legend>{t('heading')}</legend>
      <p id={`${id}-hint`} className={styles.hint}>
        {t('required')}
      </p>
      {(['kvkk', 'contract', 'marketing'] as const).map((kind) => (
        <div key={kind} className={styles.item}>
          <input
            id={`${id}-${kind}`}
            type="checkbox"
            checked={choices[kind]}
            required={kind !== 'marketing'}
            onChange={(event) => onChange({ ...choices, [kind]: event.target.checked })}
          />
          <label htmlFor={`${id}-${kind}`}>
            {t.rich(`${kind}.label`, {
              link: (chunks) => (
                <button
                  type="button"
                  className={styles.link}
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
      ))}
    </fieldset>
  );
}

/** What the finishing call sends: the versions of the texts accepted (DESIGN.md §4). */
export function useAcceptedConsents() {
  const t = useTranslations('consents');
  return (choices: ConsentChoices) => ({
    kvkk: t('kvkk.version'),
    contract: t('contract.version'),
    marketing: choices.marketing ? t('marketing.version') : (false as const),
  });
}
