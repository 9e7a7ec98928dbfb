import { describe, expect, it } from 'vitest';
import type { Product } from '@/lib/api/types';
import { emptyFlowState } from '@/lib/application/flow/state';
import { commitmentConfirmed, offerOf } from '@/lib/application/offer';

const tariff = (product_id: number, connection_type: 1 | 2): Product => ({
  product_id,
  name: `Tarife ${product_id}`,
  speed: 100,
  price: 499.9,
  discount_price: null,
  connection_type,
  setup_prices: [],
});
const products = [tariff(1, 1), tariff(2, 2)];
const campaign = { title: 'Hoş geldin', text: '', image: '', end_date: '2026-12-31' };
const transfer = (serviceNumber: string, productId: number | null) => ({ ...emptyFlowState('transfer'), serviceNumber, productId });

describe('offerOf: what a wizard’s state can buy', () => {
  it('offers the tariffs of the line’s connection type, and a choice of another type counts as none', () => {
    const fibre = offerOf(transfer('1712345678', 2), products, null, new Date('2026-11-26'));
    expect(fibre.tariffs.map((option) => option.product.product_id)).toEqual([1]);
    expect(fibre).toMatchObject({ chosen: undefined, cart: null, lineSpeedMbps: null });
    expect(offerOf(transfer('8812345678', 2), products, null, new Date('2026-11-26')).chosen?.product_id).toBe(2);
  });

  it('offers nothing before the line is known', () => {
    expect(offerOf(emptyFlowState('new'), products, null, new Date('2026-11-26')).tariffs).toEqual([]);
  });

  it('prices the setup fee the buyer chose, and none before a choice', () => {
    const upfront = { name: 'Peşin', payment_type: 'upfront' as const, installment_count: 1, price: 1500, total_price: 1500 };
    const withSetup = [{ ...tariff(1, 1), setup_prices: [upfront] }];
    const state = { ...transfer('1712345678', 1), setupPriceIndex: 0 };
    expect(offerOf(state, withSetup, null, new Date('2026-11-26')).cart?.setup).toEqual(upfront);
    expect(offerOf({ ...state, setupPriceIndex: null }, withSetup, null, new Date('2026-11-26')).cart?.setup).toBeNull();
  });

  it('prices the chosen tariff with the welcome discount only while its campaign runs', () => {
    const running = offerOf(transfer('1712345678', 1), products, campaign, new Date('2026-12-31T12:00:00+03:00'));
    const ended = offerOf(transfer('1712345678', 1), products, campaign, new Date('2027-01-01T00:00:01+03:00'));
    expect(running.cart?.discounts.map((discount) => discount.kind)).toEqual(['welcome']);
    expect(ended.cart?.discounts).toEqual([]);
  });

  it('prices every card with the same cart as the summary: the chosen card and the summary never differ', () => {
    const state = { ...transfer('1712345678', 1), campaignCode: 'KAMPANYA50' };
    const offer = offerOf(state, [tariff(1, 1), { ...tariff(3, 1), discount_price: 449.9 }], campaign, new Date('2026-12-01'));
    expect(offer.tariffs.find((option) => option.product.product_id === 1)?.cart).toEqual(offer.cart);
    expect(offer.tariffs.map((option) => option.cart.periods)).toEqual([
      [{ from: 1, to: 3, monthly: 419.9 }, { from: 4, to: 12, monthly: 499.9 }],
      [{ from: 1, to: 3, monthly: 369.9 }, { from: 4, to: 12, monthly: 449.9 }],
    ]);
    expect(offer.connectionType).toBe(1);
  });

  it('tells the setup fee of the line type in a new application, and none in a transfer', () => {
    const fibreSetup = [
      { name: 'Peşin', payment_type: 'upfront' as const, installment_count: 1, price: 999, total_price: 999 },
      { name: '12 Taksit', payment_type: 'installment' as const, installment_count: 12, price: 150, total_price: 1800 },
    ];
    const copper = { central_status: null, port: null, down_speed: null, max_down_speed: null, max_speed: null };
    const infrastructure = { fiber: { central_status: 1, port: 1, status: 1, gbps: null, down_speed: 100000 }, vdsl: copper, adsl: copper };
    const withSetup = [{ ...tariff(1, 1), setup_prices: fibreSetup }, tariff(2, 2)];
    const fresh = offerOf({ ...emptyFlowState('new'), infrastructure }, withSetup, null, new Date('2026-11-26'));
    expect(fresh.connectionType).toBe(1);
    expect(fresh.setupFee).toEqual({ fullPrice: 1800, installmentCount: 12, installmentPrice: 150, upfrontPrice: 999, upfrontSaving: 801 });
    expect(offerOf(transfer('1712345678', null), withSetup, null, new Date('2026-11-26')).setupFee).toBeNull();
    // Before a choice the fee is the line type's first tariff that has one, not simply the first tariff.
    const firstWithout = [{ ...tariff(3, 1), setup_prices: [] }, { ...tariff(1, 1), setup_prices: fibreSetup }];
    expect(offerOf({ ...emptyFlowState('new'), infrastructure }, firstWithout, null, new Date('2026-11-26')).setupFee?.upfrontSaving).toBe(801);
  });
});

describe('commitmentConfirmed: whether the summary confirmed is the one of what is chosen now', () => {
  const offer = offerOf(transfer('1712345678', 1), products, null, new Date('2026-11-26'));

  it('holds for the summary of the chosen tariff, however its copy was made', () => {
    expect(offer.commitment).not.toBeNull();
    expect(commitmentConfirmed(structuredClone(offer.commitment), offer)).toBe(true);
  });

  it('fails for another tariff’s summary, other figures, or none on either side', () => {
    const other = offerOf(transfer('1712345678', 1), [{ ...tariff(1, 1), price: 599.9 }], null, new Date('2026-11-26'));
    expect(commitmentConfirmed(other.commitment, offer)).toBe(false);
    expect(commitmentConfirmed({ ...offer.commitment!, productId: 2 }, offer)).toBe(false);
    expect(commitmentConfirmed(null, offer)).toBe(false);
    expect(commitmentConfirmed(offer.commitment, { commitment: null })).toBe(false);
    expect(commitmentConfirmed(null, { commitment: null })).toBe(false);
  });
});
