'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import type { ValidationKey } from '@/lib/validation/fields';

/** A react-hook-form error as text: schema keys are translated from `validation`; server texts are shown as given. */
export function useFieldErrorText() {
  const t = useTranslations('validation');
  return useCallback(
    (error: { type?: string; message?: string } | undefined): string | undefined => {
      if (!error?.message) return undefined;
      if (error.type === 'server') return error.message;
      const key = error.message as ValidationKey;
      return t.has(key) ? t(key) : t('invalid');
    },
    [t],
  );
}
