import type { CommitmentConfirmation } from '@/lib/validation/consents';
import tr from '@/messages/tr.json';

/**
 * A commitment summary as confirmed for Limitsiz Fiber 100 with the welcome discount and 12 X 150 TL
 * (lib/domain/pricing.test.ts works it out), for tests that file an application.
 */
export const COMMITMENT: CommitmentConfirmation = {
  version: tr.consents.commitment.version,
  productId: 1,
  figures: {
    months: 12,
    withoutCommitment: 499.9,
    averageMonthly: 592.4,
    setupTotal: 1800,
    lowestExit: { fee: 80, afterMonth: 1 },
    highestExit: { fee: 590, afterMonth: 10 },
  },
};
