import { describe, expect, it } from 'vitest';
import type { Product } from '@/lib/api/types';
import { chosenTariff, tariffOptions } from '@/lib/domain/tariffs';

const tariff = (product_id: number, speed: number): Product => ({
  product_id,
  name: `Fiber ${speed}`,
  speed,
  price: 100,
  discount_price: null,
  connection_type: 1,
  setup_prices: [],
});
const fiber = [tariff(1, 100), tariff(2, 200), tariff(3, 1000)];
const summary = (line: number | null) => tariffOptions(fiber, line).map(({ product, fits, recommended }) => [product.speed, fits, recommended]);

describe('tariffOptions', () => {
  it('offers only tariffs up to the line speed and recommends the fastest of them', () => {
    expect(summary(100)).toEqual([
      [100, true, true],
      [200, false, false],
      [1000, false, false],
    ]);
    expect(summary(1000)).toEqual([
      [100, true, false],
      [200, true, false],
      [1000, true, true],
    ]);
  });

  it('counts a tariff exactly at the line speed as carried, one above it as not', () => {
    expect(summary(200).map(([, fits]) => fits)).toEqual([true, true, false]);
    expect(summary(199).map(([, fits]) => fits)).toEqual([true, false, false]);
  });

  it('offers nothing on a line slower than every tariff', () => {
    expect(summary(50)).toEqual([
      [100, false, false],
      [200, false, false],
      [1000, false, false],
    ]);
  });

  it('offers every tariff and marks none when the line speed is unknown (a transfer)', () => {
    expect(summary(null)).toEqual([
      [100, true, false],
      [200, true, false],
      [1000, true, false],
    ]);
  });

  it('recommends by speed, whatever the order of the list', () => {
    const options = tariffOptions([tariff(2, 200), tariff(1, 100), tariff(3, 1000)], 500);
    expect(options.filter((option) => option.recommended).map((option) => option.product.product_id)).toEqual([2]);
  });
});

describe('chosenTariff', () => {
  it('keeps a choice the line carries and drops one it does not, or an unknown id', () => {
    expect(chosenTariff(tariffOptions(fiber, 1000), 3)?.product_id).toBe(3);
    expect(chosenTariff(tariffOptions(fiber, 100), 3)).toBeUndefined();
    expect(chosenTariff(tariffOptions(fiber, 100), 99)).toBeUndefined();
    expect(chosenTariff(tariffOptions(fiber, 100), null)).toBeUndefined();
  });
});
