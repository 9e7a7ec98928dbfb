import type { Campaign, Product } from '@/lib/api/types';
import { productsForConnection } from '@/lib/application/draft';
import type { FlowState } from '@/lib/application/flow/state';
import { flowTables } from '@/lib/application/flow/tables';
import { isCampaignActive } from '@/lib/domain/campaign';
import { infrastructureOf } from '@/lib/domain/infrastructure';
import { type Cart, cartOf, commitmentFiguresOf } from '@/lib/domain/pricing';
import type { CommitmentConfirmation } from '@/lib/validation/consents';
import { type SetupFeeTerms, setupFeeTerms } from '@/lib/domain/setup-price';
import { chosenTariff, type TariffOption, tariffOptions } from '@/lib/domain/tariffs';

/** A tariff card: the option and what it costs this buyer, month by month (no setup fee chosen yet). */
export interface PricedTariff extends TariffOption {
  cart: Cart;
}

/** What a wizard's state can buy: the tariffs its line carries, the one chosen and its cart. */
export interface Offer {
  /** The door's measured speed (none for a transfer, or before the address step): it limits the tariffs. */
  lineSpeedMbps: number | null;
  /** The line's connection type (1 fibre, 2 VDSL), which decides the tariffs and their setup fees. */
  connectionType: 1 | 2 | null;
  /** Each priced by the same cart as the summary's, so a card and the summary never differ. */
  tariffs: PricedTariff[];
  /** The chosen tariff, when the line still carries it (a choice it no longer carries counts as none). */
  chosen: Product | undefined;
  cart: Cart | null;
  /** The setup fee of this line type, as the tariff notice tells it (none in a transfer, which asks no fee). */
  setupFee: SetupFeeTerms | null;
  /** The commitment summary of the chosen tariff (its text version aside), from the same cart; none before a choice. */
  commitment: Omit<CommitmentConfirmation, 'version'> | null;
}

/** Whether the summary confirmed is the one of what is chosen now (a tariff, setup fee or code changed since: not). */
export function commitmentConfirmed(confirmed: Omit<CommitmentConfirmation, 'version'> | null, offer: Pick<Offer, 'commitment'>): boolean {
  return confirmed !== null && offer.commitment !== null && JSON.stringify(confirmed) === JSON.stringify(offer.commitment);
}

export function offerOf(state: FlowState, products: readonly Product[], campaign: Campaign | null, now: Date): Offer {
  const table = flowTables[state.flow];
  const lineSpeedMbps = state.infrastructure ? infrastructureOf(state.infrastructure).speedMbps : null;
  const connectionType = table.connectionType(state);
  const welcomeActive = campaign !== null && isCampaignActive(campaign, now);
  const priced = (product: Product, setupPriceIndex: number | null) =>
    cartOf({
      product,
      setup: setupPriceIndex === null ? null : (product.setup_prices[setupPriceIndex] ?? null),
      welcomeActive,
      campaignCode: state.campaignCode,
      referenceCode: state.referenceCode,
    });
  const tariffs = tariffOptions(productsForConnection(products, connectionType), lineSpeedMbps).map((option) => ({ ...option, cart: priced(option.product, null) }));
  const chosen = chosenTariff(tariffs, state.productId);
  const cart = chosen ? priced(chosen, state.setupPriceIndex) : null;
  const feeSource = chosen ?? tariffs.find((option) => option.product.setup_prices.length > 0)?.product;
  const setupFee = table.asksSetupFee && feeSource ? setupFeeTerms(feeSource.setup_prices) : null;
  // Stryker disable next-line LogicalOperator: equivalent, the cart is made exactly when a tariff is chosen.
  const commitment = chosen && cart ? { productId: chosen.product_id, figures: commitmentFiguresOf(cart) } : null;
  return { lineSpeedMbps, connectionType, tariffs, chosen, cart, setupFee, commitment };
}
