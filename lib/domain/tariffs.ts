import type { Product } from '@/lib/api/types';

export interface TariffOption {
  product: Product;
  /** The line carries the tariff's speed; a tariff faster than the line is shown but cannot be chosen. */
  fits: boolean;
  /** The fastest tariff the line carries (a buyer's natural choice), marked on its card. */
  recommended: boolean;
}

/**
 * The tariffs of a line: those up to the line's speed can be chosen, the fastest of them is
 * recommended. Without a known line speed (a transfer keeps its line; the service number tells the
 * connection type only) every tariff can be chosen and none is marked.
 */
export function tariffOptions(products: readonly Product[], lineSpeedMbps: number | null): TariffOption[] {
  const fits = (product: Product) => lineSpeedMbps === null || product.speed <= lineSpeedMbps;
  const fastest =
    lineSpeedMbps === null
      ? undefined
      : products.filter(fits).reduce<Product | undefined>((best, product) => (!best || product.speed > best.speed ? product : best), undefined);
  return products.map((product) => ({ product, fits: fits(product), recommended: product === fastest }));
}

/** The chosen tariff if the line still carries it (a choice made before the address changed may not). */
export function chosenTariff(options: readonly TariffOption[], productId: number | null): Product | undefined {
  return options.find((option) => option.fits && option.product.product_id === productId)?.product;
}
