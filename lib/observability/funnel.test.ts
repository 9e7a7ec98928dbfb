import { describe, expect, it } from 'vitest';
import { apiCalls, type ApiCallName } from '@/lib/api/calls';
import { funnelStepOf } from '@/lib/observability/funnel';

describe('funnelStepOf', () => {
  it('names each step call of both flows with its flow and step, the first steps as such', () => {
    expect(funnelStepOf('registerStep1')).toEqual({ flow: 'new', step: 'address', first: true, customerCall: false });
    expect(funnelStepOf('registerStep4')).toEqual({ flow: 'new', step: 'contact', first: false, customerCall: false });
    // A customer files on the commitment summary's step, after it.
    expect(funnelStepOf('authRegisterStep2')).toEqual({ flow: 'new', step: 'commitment', first: false, customerCall: true });
    expect(funnelStepOf('transferRegisterStep1')).toEqual({ flow: 'transfer', step: 'serviceNumber', first: true, customerCall: false });
    expect(funnelStepOf('transferRegisterStep2')).toEqual({ flow: 'transfer', step: 'address', first: false, customerCall: false });
    expect(funnelStepOf('authTransferRegisterStep3')).toEqual({ flow: 'transfer', step: 'commitment', first: false, customerCall: true });
  });

  it('knows every filing call, and no call that is not a step', () => {
    for (const name of Object.keys(apiCalls) as ApiCallName[]) {
      if ('files' in apiCalls[name]) expect(funnelStepOf(name), name).toBeDefined();
    }
    for (const name of ['infrastructure', 'getSettings', 'auth', 'authStart', 'approvePhone', 'contactForm', 'uploadNationalityDocs'] as const) {
      expect(funnelStepOf(name), name).toBeUndefined();
    }
  });
});
