import { describe, expect, it } from 'vitest';
import type { SetupPrice } from '@/lib/api/types';
import { formatSetupPriceLabel, hasDiscount, productPrice, setupFeeTerms, setupPriceLabel } from '@/lib/domain/setup-price';

const installment: SetupPrice = { name: '12 Taksit', payment_type: 'installment', installment_count: 12, price: 150, total_price: 1800 };
const upfront: SetupPrice = { name: 'Peşin', payment_type: 'upfront', installment_count: 1, price: 999, total_price: 999 };

describe('setupPriceLabel', () => {
  it('describes an installment plan by count and price', () => {
    expect(setupPriceLabel(installment)).toEqual({ kind: 'installment', count: 12, price: 150 });
  });

  it('describes any other option by name and price', () => {
    expect(setupPriceLabel(upfront)).toEqual({ kind: 'single', name: 'Peşin', price: 999 });
  });

  it.each([0, -3, 1.5, Number.NaN])('treats an installment with count %j as single', (installment_count) => {
    expect(setupPriceLabel({ ...installment, installment_count }).kind).toBe('single');
  });

  it('treats an unknown payment type as single', () => {
    expect(setupPriceLabel({ ...installment, payment_type: 'other' as never }).kind).toBe('single');
  });
});

describe('formatSetupPriceLabel', () => {
  it('formats installments as "count X price"', () => {
    expect(formatSetupPriceLabel(installment)).toBe('12 X 150 TL');
    expect(formatSetupPriceLabel({ ...installment, price: 1300.5 })).toBe('12 X 1.300,50 TL');
  });

  it('formats a single payment as "name - price"', () => {
    expect(formatSetupPriceLabel(upfront)).toBe('Peşin - 999 TL');
    expect(formatSetupPriceLabel({ ...upfront, price: 1998 })).toBe('Peşin - 1.998 TL');
  });

  it('speaks the page\'s language: its own word for a single payment, its number format', () => {
    expect(formatSetupPriceLabel({ ...upfront, price: 1998 }, { locale: 'en', singleName: 'Upfront' })).toBe('Upfront - 1,998 TL');
    expect(formatSetupPriceLabel({ ...installment, price: 1300.5 }, { locale: 'en', singleName: 'Upfront' })).toBe('12 X 1,300.50 TL');
  });
});

describe('productPrice and hasDiscount', () => {
  it('uses the discount price when there is one', () => {
    expect(productPrice({ price: 500, discount_price: 450 })).toBe(450);
    expect(hasDiscount({ price: 500, discount_price: 450 })).toBe(true);
  });

  it('uses the list price without a discount', () => {
    expect(productPrice({ price: 500, discount_price: null })).toBe(500);
    expect(hasDiscount({ price: 500, discount_price: null })).toBe(false);
    expect(hasDiscount({ price: 500, discount_price: undefined as unknown as null })).toBe(false);
  });

  it('keeps a zero discount price (free) and shows it as a discount', () => {
    expect(productPrice({ price: 500, discount_price: 0 })).toBe(0);
    expect(hasDiscount({ price: 500, discount_price: 0 })).toBe(true);
  });

  it('charges but does not advertise a "discount" that is not lower', () => {
    expect(productPrice({ price: 500, discount_price: 500 })).toBe(500);
    expect(hasDiscount({ price: 500, discount_price: 500 })).toBe(false);
    expect(productPrice({ price: 500, discount_price: 550 })).toBe(550);
    expect(hasDiscount({ price: 500, discount_price: 550 })).toBe(false);
  });
});

describe('setupFeeTerms: the tariff notice computed from the options', () => {
  it('tells the whole fee, both ways to pay it and what paying up front saves (spec §1: fibre, VDSL)', () => {
    expect(setupFeeTerms([upfront, installment])).toEqual({ fullPrice: 1800, installmentCount: 12, installmentPrice: 150, upfrontPrice: 999, upfrontSaving: 801 });
    expect(setupFeeTerms([{ ...installment, price: 300 }, { ...upfront, price: 1998 }])?.upfrontSaving).toBe(1602);
  });

  it('computes the whole fee from the installments, to the kuruş', () => {
    expect(setupFeeTerms([upfront, { ...installment, installment_count: 3, price: 100.1 }])).toMatchObject({ fullPrice: 300.3, upfrontSaving: 0 });
    expect(setupFeeTerms([{ ...upfront, price: 250.15 }, { ...installment, installment_count: 3, price: 100.1 }])?.upfrontSaving).toBe(50.15);
  });

  it('is null without both a payment up front and a usable installment plan', () => {
    expect(setupFeeTerms([])).toBeNull();
    expect(setupFeeTerms([upfront])).toBeNull();
    expect(setupFeeTerms([installment])).toBeNull();
    // An installment plan without a usable count is no plan, and no option named otherwise is 'up front'.
    expect(setupFeeTerms([upfront, { ...installment, installment_count: 0 }])).toBeNull();
    expect(setupFeeTerms([{ ...upfront, payment_type: 'other' as never }, installment])).toBeNull();
  });
});
