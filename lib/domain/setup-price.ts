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
