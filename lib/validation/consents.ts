import { z } from '@/lib/validation/zod';

/**
 * Consents sent with the call that files an application
 * (docs/decisions/0010-where-the-spec-is-silent.md): the versions of the KVKK
 * notice and of the pre-contract information with the distance contract the person accepted
 * (required), of the commercial-message text, or false (optional), and the commitment summary
 * confirmed with its figures (required). Only their shape is checked
 * here, in the browser too; the backend-for-frontend also requires the current versions
 * (lib/bff/consents.ts). The field is the portal's own and never reaches the upstream.
 */
const version = z.string({ message: 'consents' }).min(1, { message: 'consents' }).max(32, { message: 'consents' });

const amount = z.number({ message: 'consents' }).nonnegative({ message: 'consents' }).max(1_000_000, { message: 'consents' });
const month = z.number({ message: 'consents' }).int({ message: 'consents' }).min(1, { message: 'consents' }).max(120, { message: 'consents' });
const exitFee = z.object({ fee: amount, afterMonth: month }, { message: 'consents' });

/**
 * The commitment summary confirmed (docs/decisions/0020-commitment-summary-and-documents.md): its text's
 * version, the tariff, and the figures shown (lib/domain/pricing.ts, `CommitmentFigures`), kept as the
 * applicant saw them.
 */
export const commitmentSchema = z.object(
  {
    version,
    productId: z.number({ message: 'consents' }).int({ message: 'consents' }).positive({ message: 'consents' }),
    figures: z.object(
      {
        months: month,
        withoutCommitment: amount,
        averageMonthly: amount,
        setupTotal: amount,
        lowestExit: exitFee,
        highestExit: exitFee,
      },
      { message: 'consents' },
    ),
  },
  { message: 'consents' },
);

export type CommitmentConfirmation = z.infer<typeof commitmentSchema>;

export const consentsSchema = z.object(
  {
    kvkk: version,
    contract: version,
    marketing: z.union([version, z.literal(false)], { message: 'consents' }),
    commitment: commitmentSchema,
  },
  { message: 'consents' },
);

export type Consents = z.infer<typeof consentsSchema>;

/** The texts with a box of their own among the consents (the commitment summary has its own step). */
export type ConsentKind = 'kvkk' | 'contract' | 'marketing';

/** What the person ticked: the required KVKK notice and contract, the optional commercial messages. */
export type ConsentChoices = Record<ConsentKind, boolean>;
