import type { Campaign, Product } from '@/lib/api/types';
import { productsForConnection } from '@/lib/application/draft';
import { flowTables, type FlowState } from '@/lib/application/flow';
import { isCampaignActive } from '@/lib/campaign';
import { infrastructureOf } from '@/lib/domain/infrastructure';
import { type Cart, cartOf } from '@/lib/domain/pricing';
import { chosenTariff, type TariffOption, tariffOptions } from '@/lib/domain/tariffs';

/** What a wizard's state can buy: the tariffs its line carries, the one chosen and its cart. */
export interface Offer {
  /** The door's measured speed (none for a transfer, or before the address step): it limits the tariffs. */
  lineSpeedMbps: number | null;
  tariffs: TariffOption[];
  /** The chosen tariff, when the line still carries it (a choice it no longer carries counts as none). */
  chosen: Product | undefined;
  cart: Cart | null;
}

export function offerOf(state: FlowState, products: readonly Product[], campaign: Campaign | null, now: Date): Offer {
  const lineSpeedMbps = state.infrastructure ? infrastructureOf(state.infrastructure).speedMbps : null;
  const tariffs = tariffOptions(productsForConnection(products, flowTables[state.flow].connectionType(state)), lineSpeedMbps);
  const chosen = chosenTariff(tariffs, state.productId);
  const cart = chosen
    ? cartOf({
        product: chosen,
        setup: state.setupPriceIndex === null ? null : (chosen.setup_prices[state.setupPriceIndex] ?? null),
        welcomeActive: campaign !== null && isCampaignActive(campaign, now),
        campaignCode: state.campaignCode,
        referenceCode: state.referenceCode,
      })
    : null;
  return { lineSpeedMbps, tariffs, chosen, cart };
}
