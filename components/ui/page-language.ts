'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import type { SetupPrice } from '@/lib/api/types';
import { formatMb } from '@/lib/domain/format';
import { formatPrice, type NumberLocale } from '@/lib/domain/money';
import { formatFileSize } from '@/lib/profile/file-choice';
import { formatSetupPriceLabel } from '@/lib/domain/setup-price';
import type { Locale } from '@/lib/i18n/routing';

/**
 * Prices in the page's number format ('1.800,50 TL' in Turkish, '1,800.50 TL' in English) and the
 * setup-fee option's label, whose single payment the upstream names in Turkish only.
 */
export function useMoney() {
  const locale = useLocale() as Locale satisfies NumberLocale;
  const t = useTranslations('common');
  return useMemo(
    () => ({
      price: (amount: number, options: { decimals?: 0 | 2 } = {}) => formatPrice(amount, { ...options, locale }),
      setupLabel: (option: SetupPrice) => formatSetupPriceLabel(option, { locale, singleName: locale === 'tr' ? undefined : t('upfront') }),
    }),
    [locale, t],
  );
}

/** File sizes in the page's number format ('3,42 MB' in Turkish, '3.42 MB' in English). */
export function useSizes() {
  const locale = useLocale() as Locale satisfies NumberLocale;
  return useMemo(() => ({ file: (bytes: number) => formatFileSize(bytes, locale), megabytes: (bytes: number) => formatMb(bytes, locale) }), [locale]);
}

/**
 * `lang` for data the upstream sends in Turkish only (tariff names, addresses, occupations, the
 * campaign text): 'tr' on a page in another language, so a screen reader reads it as Turkish.
 */
export function useTurkishData(): 'tr' | undefined {
  return useLocale() === 'tr' ? undefined : 'tr';
}
