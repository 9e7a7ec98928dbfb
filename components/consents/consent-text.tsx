'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import styles from '@/components/consents/consents.module.css';
import { usePopups } from '@/components/popups/popup-provider';
import { Paragraphs } from '@/components/ui/paragraphs';

import type { PopupOpeners } from '@/lib/popups/openers';
import type { ConsentKind } from '@/lib/validation/consents';

/** A consent's full text, paragraph by paragraph, with its version (messages/*.json `consents`). */
function ConsentText({ kind }: { kind: ConsentKind }) {
  const t = useTranslations('consents');
  return (
    <div className={styles.text}>
      <Paragraphs text={t(`${kind}.text`)} />
      <p className={styles.version}>{t('versionLabel', { version: t(`${kind}.version`) })}</p>
    </div>
  );
}

/**
 * Opens a consent's text in a popup (the contact form's KVKK link, the wizard's consents). Both carry
 * the consents whole: the wizard's page and the contact form's popup (the language's catalogue).
 */
export function useConsentText(): PopupOpeners['consentText'] {
  const { open } = usePopups();
  const t = useTranslations('consents');
  return useCallback(
    (kind: ConsentKind) => open({ id: `consent-${kind}`, size: 'big', title: t(`${kind}.title`), render: () => <ConsentText kind={kind} /> }),
    [open, t],
  );
}
