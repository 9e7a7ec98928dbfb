'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { useMoney } from '@/components/ui/page-language';
import type { Cart } from '@/lib/domain/pricing';

/**
 * What each month of a cart costs, one line per period ('1.–3. ay: 419,90 TL'), worded once for the
 * tariff cards, the summary and the figures above the last button, so they never say it differently.
 */
export function usePricePeriods(): (cart: Cart) => string[] {
  const t = useTranslations('application.summary');
  const money = useMoney();
  return useCallback(
    (cart: Cart) =>
      cart.periods.map(({ from, to, monthly }) =>
        from === 1 && to === cart.commitmentMonths ? t('everyMonth', { price: money.price(monthly) }) : t('months', { from, to, price: money.price(monthly) }),
      ),
    [t, money],
  );
}
