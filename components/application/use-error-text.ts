'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { errorText } from '@/lib/api/error-message';

/** The spec §8 text of a failed call, for messages shown beside a field rather than in the dialog. */
export function useErrorText() {
  const t = useTranslations('errors');
  return useCallback(
    (error: unknown) => {
      const shown = errorText(error);
      return 'text' in shown ? shown.text : t(shown.key);
    },
    [t],
  );
}

/** A schema message key (spec §5) as its text, with the spec's title where it has one. */
export function useValidationText() {
  const t = useTranslations('validation');
  const titles = useTranslations('validationTitles');
  return useCallback(
    (key: string): { title?: string; text: string } => {
      const text = t.has(key as never) ? t(key as never) : t('invalid');
      return titles.has(key as never) ? { title: titles(key as never), text } : { text };
    },
    [t, titles],
  );
}
