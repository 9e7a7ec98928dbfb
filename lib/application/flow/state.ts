import type { InfrastructureResult, SubscriptionSummary } from '@/lib/api/types';
import type { Address, Flow } from '@/lib/application/draft';
import type { IdentityForm } from '@/lib/validation/application';
import type { CommitmentConfirmation, ConsentChoices } from '@/lib/validation/consents';

/**
 * The application wizards as tables (tables.ts) and one reducer (reducer.ts) over the state below,
 * with the forms filed in this browser (filed-forms.ts); no React here. A table lists a flow's steps,
 * the call each step makes (a visitor's, and a logged-in customer's where the customer files), the
 * fields each step sends and what each answer adds, and whatever else tells one flow from another;
 * the reducer owns the step reached, the form hash, the data and where a submission stands
 * (sending, refused at fields, filed). lib/application/submit.ts makes the table's calls and those
 * inside a step (codes, phone and mail checks) and turns their answers into the reducer's events;
 * the wizard (components/application/application-wizard.tsx) renders the state and persists it once,
 * in sessionStorage.
 */

export type StepName = 'serviceNumber' | 'address' | 'package' | 'identity' | 'commitment' | 'contact';

/** Why the wizard sent the visitor back, told once on the step it brought them to. */
export type FlowNotice = 'formExpired' | 'filedElsewhere';

export interface FlowState {
  flow: Flow;
  /** Names the upstream form (the hash chain) this state is on, across tabs; null before its first hash. */
  formId: string | null;
  formHash: string | null;
  /** When the current hash was issued (ms); the upstream refuses it 30 minutes later. */
  hashIssuedAt: number;
  /** How many steps the upstream has answered on the current form (0: none); the URL may show an earlier one. */
  reached: number;
  /** Answered steps whose fields changed since: each must be sent again before any step after it is shown. */
  unsent: StepName[];
  address: Address;
  infrastructure: InfrastructureResult | null;
  productId: number | null;
  setupPriceIndex: number | null;
  /** Codes applied to the current form. */
  campaignCode: string | null;
  referenceCode: string | null;
  /** Phone and mail verified on the current form. */
  phone: string | null;
  mail: string | null;
  /** Transfer only: the line's service number and the provider it is with now. */
  serviceNumber: string | null;
  currentCompany: string | null;
  /**
   * The identity as typed, held here only: the identity step's form starts from it and writes every
   * change back (a reload mid-field, Back, a duplicated tab keep it; kept when a form has to be
   * started again), the step's call sends it parsed, and the popups fill in its TC number, so what
   * they show is what was sent (docs/decisions/0027-the-identity-held-once.md).
   */
  identity: Partial<IdentityForm>;
  consents: ConsentChoices;
  /**
   * The commitment summary as confirmed (its tariff and figures, no text version): it counts only while
   * it equals the summary of what is chosen now, so a change of tariff, setup fee or code asks again.
   */
  commitment: Omit<CommitmentConfirmation, 'version'> | null;
  /** Phone and mail verified on an earlier form: offered again in the popups, to be verified anew. */
  prefill: { phone: string | null; mail: string | null };
  notice: FlowNotice | null;
  /** The step whose call is on its way: its button is busy and nothing else is sent. */
  submitting: StepName | null;
  /** The last refusal of the step's own fields, one message each, told at them. */
  fieldErrors: Record<string, string>;
  /** The application was filed (here or in another tab): nothing more can be sent on this state. */
  filed: boolean;
  /** What the finish line shows of the application filed here. */
  receipt: Receipt | null;
}

/** The application filed, as the finish line shows it. */
export interface Receipt {
  /** The subscription the filing created; null when neither its answer nor the session tells it. */
  subscription: SubscriptionSummary | null;
  /** The customer's identity check (0: documents not sent yet). */
  identityStatus: number;
}

export function emptyFlowState(flow: Flow): FlowState {
  return {
    flow,
    formId: null,
    formHash: null,
    hashIssuedAt: 0,
    reached: 0,
    unsent: [],
    address: {},
    infrastructure: null,
    productId: null,
    setupPriceIndex: null,
    campaignCode: null,
    referenceCode: null,
    phone: null,
    mail: null,
    serviceNumber: null,
    currentCompany: null,
    identity: {},
    consents: { kvkk: false, contract: false, marketing: false },
    commitment: null,
    prefill: { phone: null, mail: null },
    notice: null,
    submitting: null,
    fieldErrors: {},
    filed: false,
    receipt: null,
  };
}

/** The upstream's form hash lives 30 minutes (docs/decisions/0011-embedded-sandbox-upstream.md). */
export const FORM_HASH_LIFETIME_MS = 30 * 60 * 1000;

/** Whether the form's hash is older than the upstream keeps it: no call on it would pass. The one check of its age. */
export const hashExpired = (state: Pick<FlowState, 'formHash' | 'hashIssuedAt'>, now: number) =>
  state.formHash !== null && now - state.hashIssuedAt >= FORM_HASH_LIFETIME_MS;
