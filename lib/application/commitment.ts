import type { Offer } from '@/lib/application/offer';
import { formatPrice, type NumberLocale } from '@/lib/domain/money';
import { setupPriceLabel } from '@/lib/domain/setup-price';

/** A figure of the summary as the page shows it: the amount in the page's number format. */
export interface ShownExit {
  fee: string;
  afterMonth: number;
}

/**
 * The commitment summary as the page shows it (components/application/commitment-step.tsx): every
 * figure from the offer's own cart (lib/domain/pricing.ts, `commitmentFiguresOf`), formatted once
 * here so the table test (commitment.test.ts) reads what the applicant reads.
 */
export interface CommitmentSummary {
  productName: string;
  /** 1 fibre, 2 VDSL; null when the line type is not known. */
  line: 1 | 2 | null;
  setup: { kind: 'upfront'; total: string } | { kind: 'installment'; total: string; count: number; monthly: string } | null;
  months: number;
  withoutCommitment: string;
  averageMonthly: string;
  lowestExit: ShownExit;
  highestExit: ShownExit;
}

export function commitmentSummaryOf(offer: Pick<Offer, 'chosen' | 'cart' | 'commitment' | 'connectionType'>, locale: NumberLocale): CommitmentSummary | null {
  const { chosen, cart, commitment } = offer;
  if (!chosen || !cart || !commitment) return null;
  const price = (amount: number) => formatPrice(amount, { locale });
  const { figures } = commitment;
  const label = cart.setup ? setupPriceLabel(cart.setup) : null;
  return {
    productName: chosen.name,
    line: offer.connectionType,
    setup:
      label === null
        ? null
        : label.kind === 'installment'
          ? { kind: 'installment', total: price(figures.setupTotal), count: label.count, monthly: price(label.price) }
          : { kind: 'upfront', total: price(figures.setupTotal) },
    months: figures.months,
    withoutCommitment: price(figures.withoutCommitment),
    averageMonthly: price(figures.averageMonthly),
    lowestExit: { fee: price(figures.lowestExit.fee), afterMonth: figures.lowestExit.afterMonth },
    highestExit: { fee: price(figures.highestExit.fee), afterMonth: figures.highestExit.afterMonth },
  };
}
