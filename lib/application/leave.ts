import type { FlowState } from '@/lib/application/flow/state';

/**
 * Whether leaving the wizard would lose something the person gave: an address level, a
 * tariff, an identity field, a verified phone or mail, a code, a service number or a consent.
 * Then 'Başvurudan çık' asks first; an untouched wizard closes at once.
 */
export function somethingTyped(state: Pick<FlowState, 'address' | 'productId' | 'identity' | 'phone' | 'mail' | 'serviceNumber' | 'campaignCode' | 'referenceCode' | 'consents'>): boolean {
  const given = (value: unknown) => value !== undefined && value !== null && value !== '' && value !== false;
  return (
    Object.values(state.address).some(given) ||
    given(state.productId) ||
    Object.values(state.identity).some(given) ||
    [state.phone, state.mail, state.serviceNumber, state.campaignCode, state.referenceCode].some(given) ||
    Object.values(state.consents).some(given)
  );
}
