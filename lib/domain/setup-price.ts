import type { Product, SetupPrice } from '@/lib/api/types';
import { formatPrice, type NumberLocale } from '@/lib/domain/money';

export type SetupPriceLabel =
  | { kind: 'installment'; count: number; price: number }
  | { kind: 'single'; name: string; price: number };

/**
 * What the setup-fee select shows for one option (spec §3): an installment plan as
 * "installment_count X price", anything else by its name and price. An 'installment' option
 * without a usable count (not a positive whole number) is shown as a single payment, because
 * "0 X 150 TL" would misstate the fee.
 */
export function setupPriceLabel(option: SetupPrice): SetupPriceLabel {
  const count = option.installment_count;
  if (option.payment_type === 'installment' && Number.isInteger(count) && count > 0) {
    return { kind: 'installment', count, price: option.price };
  }
  return { kind: 'single', name: option.name, price: option.price };
}

/**
 * '12 X 150 TL' for an installment plan, '<name> - 999 TL' otherwise, in the page's number format.
 * The upstream names a single payment in Turkish ('Peşin'); another language passes its own word.
 */
export function formatSetupPriceLabel(option: SetupPrice, { locale = 'tr', singleName }: { locale?: NumberLocale; singleName?: string } = {}): string {
  const label = setupPriceLabel(option);
  return label.kind === 'installment'
    ? `${label.count} X ${formatPrice(label.price, { locale })}`
    : `${singleName ?? label.name} - ${formatPrice(label.price, { locale })}`;
}

/** The monthly price the applicant pays: the discount price when there is one (spec §2). */
export function productPrice(product: Pick<Product, 'price' | 'discount_price'>): number {
  return product.discount_price ?? product.price;
}

/**
 * Whether the card shows the list price crossed out: only when a discount price exists and is
 * really lower, so a 'discount' equal to or above the list price never looks like a saving.
 */
export function hasDiscount(product: Pick<Product, 'price' | 'discount_price'>): boolean {
  return product.discount_price !== null && product.discount_price !== undefined && product.discount_price < product.price;
}

/** A line type's setup fee as the tariff notice tells it: in installments, or less paid up front. */
export interface SetupFeeTerms {
  /** The whole fee, paid in installments: count × monthly. */
  fullPrice: number;
  installmentCount: number;
  installmentPrice: number;
  /** The single payment up front. */
  upfrontPrice: number;
  /** What paying up front saves against the installments (never below 0). */
  upfrontSaving: number;
}

/**
 * The tariff notice's figures from a tariff's setup-fee options (spec §1: fibre 1.800 TL, as 999 TL
 * up front or 12 × 150 TL; the saving 801 TL). Null unless there is both a usable installment plan
 * and a payment up front, since only then is there a saving to tell.
 */
export function setupFeeTerms(options: readonly SetupPrice[]): SetupFeeTerms | null {
  const installment = options.map(setupPriceLabel).find((label) => label.kind === 'installment');
  const single = options.find((option) => option.payment_type === 'upfront');
  if (!installment || !single) return null;
  const fullPrice = Math.round(installment.count * installment.price * 100) / 100;
  return {
    fullPrice,
    installmentCount: installment.count,
    installmentPrice: installment.price,
    upfrontPrice: single.price,
    upfrontSaving: Math.max(0, Math.round((fullPrice - single.price) * 100) / 100),
  };
}
