import { z } from '@/lib/validation/zod';

/**
 * Consents sent with the call that files an application
 * (docs/decisions/0010-where-the-spec-is-silent.md): the versions of the KVKK
 * notice and of the pre-contract information with the distance contract the person accepted
 * (required), and of the commercial-message text, or false (optional). Only their shape is checked
 * here, in the browser too; the backend-for-frontend also requires the current versions
 * (lib/bff/consents.ts). The field is the portal's own and never reaches the upstream.
 */
const version = z.string({ message: 'consents' }).min(1, { message: 'consents' }).max(32, { message: 'consents' });

export const consentsSchema = z.object(
  {
    kvkk: version,
    contract: version,
    marketing: z.union([version, z.literal(false)], { message: 'consents' }),
  },
  { message: 'consents' },
);

export type Consents = z.infer<typeof consentsSchema>;

export type ConsentKind = keyof Consents;

/** What the person ticked: the required KVKK notice and contract, the optional commercial messages. */
export type ConsentChoices = Record<ConsentKind, boolean>;
