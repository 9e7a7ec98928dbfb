import type { Product, SetupPrice } from '@/lib/api/types';
import { productPrice } from '@/lib/domain/setup-price';

/** Every new line and transfer is a 12-month contract (spec §1, the tariff notice). */
export const COMMITMENT_MONTHS = 12;

export type DiscountKind = 'welcome' | 'campaign' | 'reference';

/** Spec §1 and §9: TL off each month, for how many months. */
export const DISCOUNTS: Readonly<Record<DiscountKind, { monthly: number; months: number }>> = {
  welcome: { monthly: 30, months: 3 },
  campaign: { monthly: 50, months: 3 },
  reference: { monthly: 30, months: 12 },
};

export interface Discount {
  kind: DiscountKind;
  /** The code applied (none for the welcome discount). */
  code: string | null;
  monthly: number;
  months: number;
}

/** Months `from` to `to` (1-based, inclusive) cost `monthly` each. */
export interface PricePeriod {
  from: number;
  to: number;
  monthly: number;
}

export interface Cart {
  /** The tariff's monthly price before any discount of the application (its own discount price included). */
  tariffMonthly: number;
  discounts: Discount[];
  /** The contract's months grouped by what each costs, in order; one period when nothing is discounted. */
  periods: PricePeriod[];
  /** The setup-fee payment method chosen, if the tariff has one and one was chosen. */
  setup: SetupPrice | null;
  commitmentMonths: number;
}

/**
 * What the applicant pays (spec §1): the tariff's monthly price, less the discounts that apply for
 * their months. The welcome discount applies while its campaign runs; one campaign code adds to it;
 * a reference code cannot be combined with other campaigns, so with one it is the only discount.
 * Never below 0 TL a month.
 */
export function cartOf(input: {
  product: Product;
  setup: SetupPrice | null;
  welcomeActive: boolean;
  campaignCode: string | null;
  referenceCode: string | null;
}): Cart {
  const discounts: Discount[] = input.referenceCode
    ? [{ kind: 'reference', code: input.referenceCode, ...DISCOUNTS.reference }]
    : [
        ...(input.welcomeActive ? [{ kind: 'welcome' as const, code: null, ...DISCOUNTS.welcome }] : []),
        ...(input.campaignCode ? [{ kind: 'campaign' as const, code: input.campaignCode, ...DISCOUNTS.campaign }] : []),
      ];
  const tariffMonthly = productPrice(input.product);
  const periods: PricePeriod[] = [];
  for (let month = 1; month <= COMMITMENT_MONTHS; month += 1) {
    const off = discounts.filter((discount) => month <= discount.months).reduce((sum, discount) => sum + discount.monthly, 0);
    const monthly = Math.max(0, Math.round((tariffMonthly - off) * 100) / 100);
    const last = periods.at(-1);
    if (last && last.monthly === monthly) last.to = month;
    else periods.push({ from: month, to: month, monthly });
  }
  return { tariffMonthly, discounts, periods, setup: input.setup, commitmentMonths: COMMITMENT_MONTHS };
}
