import { describe, expect, it } from 'vitest';
import { emptyFlowState } from '@/lib/application/flow/state';
import { somethingTyped } from '@/lib/application/leave';

describe('somethingTyped: whether leaving the wizard asks first', () => {
  it('an untouched wizard closes at once', () => {
    expect(somethingTyped(emptyFlowState('new'))).toBe(false);
    expect(somethingTyped(emptyFlowState('transfer'))).toBe(false);
  });

  it('an empty identity field or an unticked consent is nothing given', () => {
    expect(somethingTyped({ ...emptyFlowState('new'), identity: { name: '', surname: undefined } })).toBe(false);
  });

  it.each([
    ['an address level', { address: { province: { value: '34', text: 'İstanbul' } } }],
    ['a tariff', { productId: 1 }],
    ['an identity field', { identity: { name: 'Ayşe' } }],
    ['a verified phone', { phone: '+90 (532) 111 22 33' }],
    ['a verified mail', { mail: 'a@b.co' }],
    ['a service number', { serviceNumber: '1712345' }],
    ['a campaign code', { campaignCode: 'HOSGELDIN' }],
    ['a reference code', { referenceCode: 'REF1' }],
    ['a consent', { consents: { kvkk: true, contract: false, marketing: false } }],
  ])('%s asks first', (_, change) => {
    expect(somethingTyped({ ...emptyFlowState('new'), ...change })).toBe(true);
  });
});
