'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { useChoice } from '@/components/popups/dialogs';

export type NoCodeChoice = 'addCode' | 'continue';

/**
 * The no-campaign-code confirmation of spec §2/§4: 'Kod Ekle' answers 'addCode', 'Eklemeden Devam
 * Et' answers 'continue'. Escape and the close button answer 'addCode': the visitor stays where
 * the code can be entered.
 */
export function useNoCodePopup() {
  const choose = useChoice();
  const t = useTranslations('noCode');
  return useCallback(
    () =>
      choose<NoCodeChoice>({
        id: 'no-code',
        title: t('title'),
        message: t('text'),
        choices: [
          { value: 'addCode', label: t('addCode') },
          { value: 'continue', label: t('continue') },
        ],
        dismissValue: 'addCode',
      }),
    [choose, t],
  );
}
