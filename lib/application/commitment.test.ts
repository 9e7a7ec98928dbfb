import { describe, expect, it } from 'vitest';
import { commitmentSummaryOf } from '@/lib/application/commitment';
import { emptyFlowState, type FlowState } from '@/lib/application/flow/state';
import { offerOf } from '@/lib/application/offer';
import { formatPrice } from '@/lib/domain/money';
import { cartOf, commitmentFiguresOf } from '@/lib/domain/pricing';
import { campaignCodes, products, publicProduct, referenceCodes, welcomeCampaign } from '@/sandbox/catalog';

/**
 * The table test of the commitment summary: for every sandbox tariff, every setup-fee payment
 * method (a transfer has none), the welcome discount on and off and every code of the sandbox, the
 * summary the step shows (the wizard's offer of its state) carries the figures of the pricing
 * function the cart uses, in both languages.
 */
const now = new Date('2026-11-29T10:00:00Z');
const running = welcomeCampaign('2027-10-31', now.getTime());
const ended = { ...running!, end_date: '2026-01-31' };
const catalogue = products.map(publicProduct);
const codes: { campaignCode: string | null; referenceCode: string | null }[] = [
  { campaignCode: null, referenceCode: null },
  ...Object.keys(campaignCodes).map((code) => ({ campaignCode: code, referenceCode: null })),
  ...Object.keys(referenceCodes).map((code) => ({ campaignCode: null, referenceCode: code })),
];
// Fibre measured (a 100 Mbps door would hide the faster tariffs: a gigabit door carries them all).
const fibre = { fiber: { central_status: 1, port: 1, status: 1, gbps: 1 } } as unknown as FlowState['infrastructure'];
const vdsl = { fiber: {}, vdsl: { central_status: 1, port: 1, max_down_speed: 100_000 }, adsl: {} } as unknown as FlowState['infrastructure'];

const cases = catalogue.flatMap((product) =>
  (['new', 'transfer'] as const).flatMap((flow) =>
    (flow === 'new' ? product.setup_prices.map((_, index) => index) : [null]).flatMap((setupPriceIndex) =>
      [running, ended].flatMap((campaign) => codes.map((code) => ({ product, flow, setupPriceIndex, campaign, ...code }))),
    ),
  ),
);

describe('the commitment summary shows the pricing function’s figures for every sandbox tariff and code', () => {
  it('covers every tariff in both flows with every setup method, campaign state and code', () => {
    // 6 tariffs x (2 setup methods + a transfer's none) x 2 campaign states x 3 code choices.
    expect(cases.length).toBe(6 * 3 * 2 * 3);
  });

  it.each(cases.map((entry) => [`${entry.flow} ${entry.product.name} setup ${entry.setupPriceIndex} ${entry.campaign?.end_date} ${entry.campaignCode ?? entry.referenceCode ?? 'no code'}`, entry] as const))(
    '%s',
    (_, { product, flow, setupPriceIndex, campaign, campaignCode, referenceCode }) => {
      const state: FlowState = {
        ...emptyFlowState(flow),
        infrastructure: flow === 'new' ? (product.connection_type === 1 ? fibre : vdsl) : null,
        serviceNumber: flow === 'transfer' ? (product.connection_type === 1 ? '1700000001' : '8800000001') : null,
        productId: product.product_id,
        setupPriceIndex,
        campaignCode,
        referenceCode,
      };
      const offer = offerOf(state, catalogue, campaign, now);
      expect(offer.chosen?.product_id).toBe(product.product_id);
      const expected = commitmentFiguresOf(
        cartOf({
          product,
          setup: setupPriceIndex === null ? null : product.setup_prices[setupPriceIndex]!,
          welcomeActive: campaign === running,
          campaignCode,
          referenceCode,
        }),
      );
      expect(offer.commitment).toEqual({ productId: product.product_id, figures: expected });
      for (const locale of ['tr', 'en'] as const) {
        const shown = commitmentSummaryOf(offer, locale)!;
        const price = (amount: number) => formatPrice(amount, { locale });
        expect(shown).toMatchObject({
          productName: product.name,
          line: product.connection_type,
          months: 12,
          withoutCommitment: price(expected.withoutCommitment),
          averageMonthly: price(expected.averageMonthly),
          lowestExit: { fee: price(expected.lowestExit.fee), afterMonth: expected.lowestExit.afterMonth },
          highestExit: { fee: price(expected.highestExit.fee), afterMonth: expected.highestExit.afterMonth },
        });
        expect(shown.setup === null ? null : shown.setup.total).toBe(flow === 'transfer' ? null : price(expected.setupTotal));
      }
    },
  );

  it('reads as worked out by hand for Limitsiz Fiber 100, welcome discount, 12 X 150 TL (the e2e journey)', () => {
    const state: FlowState = { ...emptyFlowState('new'), infrastructure: fibre, productId: 1, setupPriceIndex: 1 };
    expect(commitmentSummaryOf(offerOf(state, catalogue, running, now), 'tr')).toEqual({
      productName: 'Limitsiz Fiber 100',
      line: 1,
      setup: { kind: 'installment', total: '1.800 TL', count: 12, monthly: '150 TL' },
      months: 12,
      withoutCommitment: '499,90 TL',
      averageMonthly: '592,40 TL',
      lowestExit: { fee: '80 TL', afterMonth: 1 },
      highestExit: { fee: '590 TL', afterMonth: 10 },
    });
  });

  it('shows a setup fee paid at once as such, with its total only', () => {
    const state: FlowState = { ...emptyFlowState('new'), infrastructure: fibre, productId: 1, setupPriceIndex: 0 };
    const offer = offerOf(state, catalogue, running, now);
    expect(offer.cart?.setup?.payment_type).toBe('upfront');
    expect(commitmentSummaryOf(offer, 'tr')?.setup).toEqual({ kind: 'upfront', total: formatPrice(offer.commitment!.figures.setupTotal) });
  });

  it('has no summary unless the tariff, its cart and its figures are all there', () => {
    const state: FlowState = { ...emptyFlowState('new'), infrastructure: fibre, productId: 1, setupPriceIndex: 1 };
    const offer = offerOf(state, catalogue, running, now);
    expect(commitmentSummaryOf({ ...offer, chosen: undefined }, 'tr')).toBeNull();
    expect(commitmentSummaryOf({ ...offer, cart: null }, 'tr')).toBeNull();
    expect(commitmentSummaryOf({ ...offer, commitment: null }, 'tr')).toBeNull();
  });

  it('has no summary before a tariff is chosen', () => {
    expect(commitmentSummaryOf(offerOf({ ...emptyFlowState('new'), infrastructure: fibre }, catalogue, running, now), 'tr')).toBeNull();
  });
});
