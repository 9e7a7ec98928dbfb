import { describe, expect, it } from 'vitest';
import type { Product, SetupPrice } from '@/lib/api/types';
import { cartOf, commitmentFiguresOf, COMMITMENT_MONTHS, DISCOUNTS, monthlyOf, setupTotalOf } from '@/lib/domain/pricing';

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

describe('commitmentFiguresOf: the commitment summary, worked by hand for each tariff kind and code', () => {
  const tariff = (price: number, discount_price: number | null, connection_type: 1 | 2 = 1): Product => ({
    product_id: 9,
    name: 'T',
    speed: 100,
    price,
    discount_price,
    connection_type,
    setup_prices: [],
  });
  const upfront = (price: number): SetupPrice => ({ name: 'Peşin', payment_type: 'upfront', installment_count: 1, price, total_price: price });
  const monthly = (count: number, price: number): SetupPrice => ({ name: `${count} Taksit`, payment_type: 'installment', installment_count: count, price, total_price: count * price });
  const figures = (product: Product, input: Partial<{ setup: SetupPrice | null; welcomeActive: boolean; campaignCode: string | null; referenceCode: string | null }>) => commitmentFiguresOf(cartOf({ product, ...none, ...input }));

  it('fibre with its own discount price, the welcome discount, setup 12 x 150 TL', () => {
    // Months 1-3: 449,90 - 30 = 419,90; 4-12: 449,90. (3 x 419,90 + 9 x 449,90 + 1.800) / 12 = 7.108,80 / 12 = 592,40.
    // Discount a month against the list price 499,90: 80 TL (1-3), 50 TL (4-12). After month 10: 3 x 80 + 7 x 50 = 590,
    // under the 2 months left (899,80); after month 11: 640, capped at the one month left, 449,90.
    expect(figures(tariff(499.9, 449.9), { welcomeActive: true, setup: monthly(12, 150) })).toEqual({
      months: 12,
      withoutCommitment: 499.9,
      averageMonthly: 592.4,
      setupTotal: 1800,
      lowestExit: { fee: 80, afterMonth: 1 },
      highestExit: { fee: 590, afterMonth: 10 },
    });
  });

  it('fibre at its list price, no discount at all, setup paid up front: leaving early costs nothing', () => {
    // (12 x 599,90 + 999) / 12 = 8.197,80 / 12 = 683,15.
    expect(figures(tariff(599.9, null), { setup: upfront(999) })).toEqual({
      months: 12,
      withoutCommitment: 599.9,
      averageMonthly: 683.15,
      setupTotal: 999,
      lowestExit: { fee: 0, afterMonth: 1 },
      highestExit: { fee: 0, afterMonth: 1 },
    });
  });

  it('VDSL with a discount price and the reference code (30 TL x 12, alone), setup 12 x 300 TL', () => {
    // 379,90 - 30 = 349,90 every month: (12 x 349,90 + 3.600) / 12 = 649,90. 50 TL a month against 399,90:
    // after month 10, 500 (under 699,80 left); after month 11, 550 capped at 349,90.
    expect(figures(tariff(399.9, 379.9, 2), { welcomeActive: true, referenceCode: 'REFERANS30', setup: monthly(12, 300) })).toEqual({
      months: 12,
      withoutCommitment: 399.9,
      averageMonthly: 649.9,
      setupTotal: 3600,
      lowestExit: { fee: 50, afterMonth: 1 },
      highestExit: { fee: 500, afterMonth: 10 },
    });
  });

  it('gigabit fibre with the welcome discount and the campaign code (80 TL x 3), setup up front', () => {
    // 799,90 - 80 = 719,90 (1-3), 799,90 (4-12): (2.159,70 + 7.199,10 + 999) / 12 = 863,15. Discounts 180 (1-3), 100 (4-12):
    // after month 10, 540 + 700 = 1.240 (under 1.599,80 left).
    expect(figures(tariff(899.9, 799.9), { welcomeActive: true, campaignCode: 'KAMPANYA50', setup: upfront(999) })).toEqual({
      months: 12,
      withoutCommitment: 899.9,
      averageMonthly: 863.15,
      setupTotal: 999,
      lowestExit: { fee: 180, afterMonth: 1 },
      highestExit: { fee: 1240, afterMonth: 10 },
    });
  });

  it('VDSL with the campaign code alone, setup 12 x 300 TL', () => {
    // 449,90 - 50 = 399,90 (1-3): (1.199,70 + 4.049,10 + 3.600) / 12 = 737,40; 50 TL off for 3 months, so 150 at most.
    expect(figures(tariff(449.9, null, 2), { campaignCode: 'KAMPANYA50', setup: monthly(12, 300) })).toEqual({
      months: 12,
      withoutCommitment: 449.9,
      averageMonthly: 737.4,
      setupTotal: 3600,
      lowestExit: { fee: 50, afterMonth: 1 },
      highestExit: { fee: 150, afterMonth: 3 },
    });
  });

  it('a transfer: no setup fee in the average; a tie names the earliest month', () => {
    // 319,90 (1-3), 349,90 (4-12): 4.108,80 / 12 = 342,40. 30 TL off for 3 months: 90 from month 3 on.
    expect(figures(tariff(349.9, null, 2), { welcomeActive: true })).toEqual({
      months: 12,
      withoutCommitment: 349.9,
      averageMonthly: 342.4,
      setupTotal: 0,
      lowestExit: { fee: 30, afterMonth: 1 },
      highestExit: { fee: 90, afterMonth: 3 },
    });
  });

  it('the fee never exceeds the months left: a steep discount is capped near the end', () => {
    // 100 TL list, 40 TL paid every month (price 70 - reference 30): 60 TL a month received. After month m: min(60m, 40(12-m)):
    // month 5, min(300, 280) = 280 (the most); month 11, min(660, 40) = 40 (the least).
    const steep = figures(tariff(100, 70), { referenceCode: 'R' });
    expect(steep.highestExit).toEqual({ fee: 280, afterMonth: 5 });
    expect(steep.lowestExit).toEqual({ fee: 40, afterMonth: 11 });
  });
});

describe('setupTotalOf and monthlyOf', () => {
  it('a setup fee in installments is count x installment; up front, its one payment; none, 0', () => {
    expect(setupTotalOf(installments)).toBe(1800);
    expect(setupTotalOf({ name: 'Peşin', payment_type: 'upfront', installment_count: 1, price: 1998, total_price: 1998 })).toBe(1998);
    expect(setupTotalOf(null)).toBe(0);
  });

  it('reads a month from the periods', () => {
    const cart = cartOf({ product: fiber100, ...none, welcomeActive: true });
    expect([1, 3, 4, 12].map((month) => monthlyOf(cart, month))).toEqual([419.9, 419.9, 449.9, 449.9]);
  });
});
