import type { Product, SetupPrice } from '@/lib/api/types';
import { productPrice, setupPriceLabel } from '@/lib/domain/setup-price';

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
  /** The tariff's list price: what a month costs with no campaign at all (the pre-contract text's 'kampanyasız fiyat'). */
  listMonthly: number;
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
  return { tariffMonthly, listMonthly: input.product.price, discounts, periods, setup: input.setup, commitmentMonths: COMMITMENT_MONTHS };
}

const kurus = (amount: number) => Math.round(amount * 100) / 100;

/** What month `month` (1-based) of the cart costs. */
export function monthlyOf(cart: Pick<Cart, 'periods' | 'tariffMonthly'>, month: number): number {
  return cart.periods.find((period) => month >= period.from && month <= period.to)?.monthly ?? cart.tariffMonthly;
}

/** The whole setup fee under the payment method chosen: count × installment, or the single payment; none without one. */
export function setupTotalOf(setup: SetupPrice | null): number {
  if (!setup) return 0;
  const label = setupPriceLabel(setup);
  return kurus(label.kind === 'installment' ? label.count * label.price : label.price);
}

/** An early-exit fee and the month after which leaving costs it. */
export interface ExitFee {
  fee: number;
  /** Leaving at the end of this month of the commitment (1 … months − 1). */
  afterMonth: number;
}

/**
 * The commitment summary's figures (BTK's 2022 amendment to the consumer-rights regulation for
 * electronic communications; docs/decisions/0020-commitment-summary-and-documents.md):
 * - `withoutCommitment`: a month at the tariff's list price, no campaign (the price a month costs
 *   without the commitment, which every discount here is given for);
 * - `averageMonthly`: (the commitment's monthly fees, discounts applied, + the whole setup fee under
 *   the payment method chosen) ÷ the commitment's months, to the kuruş;
 * - the early-exit fee by the pre-contract text's rule: leaving after month m, the discounts received
 *   so far (list price − price paid, months 1…m), but never more than the fees of the months left
 *   (m+1…end); `lowestExit` and `highestExit` over m = 1 … months − 1, the earliest month on a tie.
 */
export interface CommitmentFigures {
  months: number;
  withoutCommitment: number;
  averageMonthly: number;
  /** The whole setup fee in the average (0: none asked, as in a transfer). */
  setupTotal: number;
  lowestExit: ExitFee;
  highestExit: ExitFee;
}

export function commitmentFiguresOf(cart: Cart): CommitmentFigures {
  const months = cart.commitmentMonths;
  const paid = Array.from({ length: months }, (_, index) => monthlyOf(cart, index + 1));
  const setupTotal = setupTotalOf(cart.setup);
  const averageMonthly = kurus((paid.reduce((sum, monthly) => sum + monthly, 0) + setupTotal) / months);
  let lowest: ExitFee | null = null;
  let highest: ExitFee | null = null;
  for (let month = 1; month < months; month += 1) {
    const received = paid.slice(0, month).reduce((sum, monthly) => sum + Math.max(0, cart.listMonthly - monthly), 0);
    const remaining = paid.slice(month).reduce((sum, monthly) => sum + monthly, 0);
    const exit = { fee: kurus(Math.min(received, remaining)), afterMonth: month };
    if (!lowest || exit.fee < lowest.fee) lowest = exit;
    if (!highest || exit.fee > highest.fee) highest = exit;
  }
  const none = { fee: 0, afterMonth: 1 };
  return { months, withoutCommitment: cart.listMonthly, averageMonthly, setupTotal, lowestExit: lowest ?? none, highestExit: highest ?? none };
}
