import { describe, expect, it } from 'vitest';
import type { Product, SetupPrice } from '@/lib/api/types';
import { cartOf, COMMITMENT_MONTHS, DISCOUNTS } from '@/lib/domain/pricing';

const fiber100: Product = {
  product_id: 1,
  name: 'Limitsiz Fiber 100',
  speed: 100,
  price: 499.9,
  discount_price: 449.9,
  connection_type: 1,
  setup_prices: [],
};
const installments: SetupPrice = { name: 'Taksitli', payment_type: 'installment', installment_count: 12, price: 150, total_price: 1800 };
const none = { setup: null, welcomeActive: false, campaignCode: null, referenceCode: null };

describe('cartOf: the monthly price over the 12-month contract', () => {
  it('is the tariff price (its discount price) every month when no discount applies', () => {
    const cart = cartOf({ product: fiber100, ...none });
    expect(cart.tariffMonthly).toBe(449.9);
    expect(cart.discounts).toEqual([]);
    expect(cart.periods).toEqual([{ from: 1, to: 12, monthly: 449.9 }]);
    expect(cart.commitmentMonths).toBe(12);
  });

  it('takes the list price when the tariff has no discount price', () => {
    expect(cartOf({ product: { ...fiber100, discount_price: null }, ...none }).periods).toEqual([{ from: 1, to: 12, monthly: 499.9 }]);
  });

  it('welcome discount: 30 TL off for the first 3 months while its campaign runs', () => {
    const cart = cartOf({ product: fiber100, ...none, welcomeActive: true });
    expect(cart.discounts).toEqual([{ kind: 'welcome', code: null, monthly: 30, months: 3 }]);
    expect(cart.periods).toEqual([
      { from: 1, to: 3, monthly: 419.9 },
      { from: 4, to: 12, monthly: 449.9 },
    ]);
  });

  it('campaign code: 50 TL off for 3 months, alone', () => {
    const cart = cartOf({ product: fiber100, ...none, campaignCode: 'KAMPANYA50' });
    expect(cart.discounts).toEqual([{ kind: 'campaign', code: 'KAMPANYA50', monthly: 50, months: 3 }]);
    expect(cart.periods).toEqual([
      { from: 1, to: 3, monthly: 399.9 },
      { from: 4, to: 12, monthly: 449.9 },
    ]);
  });

  it('campaign code with the welcome discount: both apply, 80 TL off for 3 months', () => {
    const cart = cartOf({ product: fiber100, ...none, welcomeActive: true, campaignCode: 'KAMPANYA50' });
    expect(cart.discounts.map((discount) => discount.kind)).toEqual(['welcome', 'campaign']);
    expect(cart.periods).toEqual([
      { from: 1, to: 3, monthly: 369.9 },
      { from: 4, to: 12, monthly: 449.9 },
    ]);
  });

  it('reference code: 30 TL off for all 12 months, alone', () => {
    const cart = cartOf({ product: fiber100, ...none, referenceCode: 'REFERANS30' });
    expect(cart.discounts).toEqual([{ kind: 'reference', code: 'REFERANS30', monthly: 30, months: 12 }]);
    expect(cart.periods).toEqual([{ from: 1, to: 12, monthly: 419.9 }]);
  });

  it('reference code cannot be combined with other campaigns: the welcome discount and a campaign code drop out', () => {
    const cart = cartOf({ product: fiber100, ...none, welcomeActive: true, campaignCode: 'KAMPANYA50', referenceCode: 'REFERANS30' });
    expect(cart.discounts.map((discount) => discount.kind)).toEqual(['reference']);
    expect(cart.periods).toEqual([{ from: 1, to: 12, monthly: 419.9 }]);
  });

  it('never goes below 0 TL a month', () => {
    const cheap = { ...fiber100, price: 60, discount_price: null };
    expect(cartOf({ product: cheap, ...none, welcomeActive: true, campaignCode: 'X' }).periods).toEqual([
      { from: 1, to: 3, monthly: 0 },
      { from: 4, to: 12, monthly: 60 },
    ]);
  });

  it('keeps the setup-fee method chosen, and none when none was chosen', () => {
    expect(cartOf({ product: fiber100, ...none, setup: installments }).setup).toBe(installments);
    expect(cartOf({ product: fiber100, ...none }).setup).toBeNull();
  });

  it('covers exactly the contract months, in order, without gaps', () => {
    for (const input of [none, { ...none, welcomeActive: true }, { ...none, referenceCode: 'R' }, { ...none, welcomeActive: true, campaignCode: 'C' }]) {
      const { periods } = cartOf({ product: fiber100, ...input });
      expect(periods[0]!.from).toBe(1);
      expect(periods.at(-1)!.to).toBe(COMMITMENT_MONTHS);
      for (let index = 1; index < periods.length; index += 1) expect(periods[index]!.from).toBe(periods[index - 1]!.to + 1);
    }
  });

  it('uses the spec figures: welcome 30 x 3, campaign 50 x 3, reference 30 x 12', () => {
    expect(DISCOUNTS).toEqual({ welcome: { monthly: 30, months: 3 }, campaign: { monthly: 50, months: 3 }, reference: { monthly: 30, months: 12 } });
  });
});
