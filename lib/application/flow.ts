import { type ApiAnswer, type ApiBody, type ApiCallName, apiCalls } from '@/lib/api/calls';
import type { Envelope, InfrastructureResult, SubscriptionSummary } from '@/lib/api/types';
import { type Address, addressBody, connectionTypeOf, type Flow } from '@/lib/application/draft';
import { connectionTypeForServiceNumber } from '@/lib/domain/service-number';
import { sortSubscriptions, subscriptionSummary } from '@/lib/domain/subscription';
import { type IdentityForm, type IdentityValues, identitySchema } from '@/lib/validation/application';
import type { CommitmentConfirmation, ConsentChoices, Consents } from '@/lib/validation/consents';

/**
 * The application wizards as tables and one reducer (no React here). A table lists a flow's steps,
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
  /** What the identity step shows, as typed (kept when a form has to be started again). */
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

// ------------------------------------------------------------------------------------------------
// the tables

/** What a step's body is made of besides the state: the consents' versions, the identity as parsed. */
export interface StepInput {
  consents: Consents;
  identity?: IdentityValues;
}

/** What an answer may add to the state besides the form's next hash. */
export type AnswerChange = Partial<Pick<FlowState, 'currentCompany'>>;

/** Makes one described call: `callApi` (lib/api/client.ts) in the page, a stand-in in unit tests. */
export type CallMaker = <N extends ApiCallName>(call: N, body: ApiBody<N>) => Promise<Envelope<ApiAnswer<N>>>;

/** What a filing call's answer tells of the application it filed (null parts: the answer did not say). */
export interface FiledAnswer {
  subscription: SubscriptionSummary | null;
  identityStatus: number | null;
}

/** A step's call answered: the form's next hash, what the answer adds to the state, and, for a filing call, what it filed. */
export interface StepAnswer {
  hash: string | undefined;
  adds: AnswerChange;
  filed: FiledAnswer | null;
}

/**
 * One call of a step, typed by the call's own description (lib/api/calls.ts): its body from the
 * state, and what its answer adds to the state.
 */
export interface StepCall<N extends ApiCallName> {
  call: N;
  body: (state: FlowState, input: StepInput) => ApiBody<N>;
  /** The envelope's `data` may be missing (a call that answers a hash only, an upstream that left it out). */
  adds: (answer: ApiAnswer<N> | undefined) => AnswerChange;
  /** A filing call: what its answer says was filed. */
  filed?: (answer: ApiAnswer<N> | undefined) => FiledAnswer;
  /** Makes the call with the state's fields and answers what it changes: the one way a wizard sends a step. */
  send: (make: CallMaker, state: FlowState, input: StepInput) => Promise<StepAnswer>;
}

/** Any step's call: its name tells which, and its body and answer are that call's. */
export type AnyStepCall = { [N in ApiCallName]: StepCall<N> }[ApiCallName];

const addsNothing = (): AnswerChange => ({});

/** One call of a step; an answer that adds nothing but the hash needs no `adds`. */
function stepCall<N extends ApiCallName>(
  call: N,
  body: StepCall<N>['body'],
  adds: StepCall<N>['adds'] = addsNothing,
  filed?: StepCall<N>['filed'],
): StepCall<N> {
  return {
    call,
    body,
    adds,
    filed,
    send: async (make, state, input) => {
      const envelope = await make(call, body(state, input));
      return { hash: envelope.hash, adds: adds(envelope.data), filed: filed ? filed(envelope.data) : null };
    },
  };
}

/** A visitor's filing answers the new customer (their session starts with it): the newest subscription is the one filed. */
const filedByVisitor = (user: ApiAnswer<'registerStep4'> | undefined): FiledAnswer => ({
  subscription: sortSubscriptions(Array.isArray(user?.subscriptions) ? user.subscriptions : [])[0] ?? null,
  identityStatus: user?.data?.confirm_nationality?.status ?? null,
});

/** A customer's filing answers the subscription it created. */
const filedByCustomer = (subscription: ApiAnswer<'authRegisterStep2'> | undefined): FiledAnswer => ({
  subscription: subscription?.subscription_id === undefined ? null : subscriptionSummary(subscription),
  identityStatus: null,
});

export interface StepSpec {
  name: StepName;
  /** The call a visitor's answer on this step makes; null: the step is the portal's own and sends nothing upstream. */
  visitor: AnyStepCall | null;
  /** A logged-in customer's call here, when it differs from a visitor's (null: none); the one that files ends their steps. */
  customer?: AnyStepCall | null;
  /** Not a logged-in customer's step (they are known: no identity, no phone and mail to verify). */
  visitorOnly?: true;
  /** Its answer is the first hash of a new form: everything that hung on the old form is gone. */
  startsForm?: true;
  /** What the step sends: a change to one of them after the step was answered makes the step due again. */
  sends: readonly (keyof FlowState)[];
  /** The campaign / reference code box is on this step for a visitor or a customer: moving on without a code asks first. */
  codes?: 'visitor' | 'customer';
  /** The body fields the step's form shows: a refusal that names only these is told at them. */
  fields?: readonly string[];
}

export interface FlowTable {
  /** `?basvuru=` of the flow's URL. */
  param: 'yeni' | 'transfer';
  title: 'newTitle' | 'transferTitle';
  steps: readonly StepSpec[];
  /** The address step checks the door's infrastructure, shows it and stops on a line that cannot carry a tariff. */
  checksCoverage: boolean;
  /** The package step asks how the setup fee is paid. */
  asksSetupFee: boolean;
  /** The line's connection type (1 fibre, 2 VDSL), which decides the tariffs offered; null when unknown or unsuitable. */
  connectionType: (state: FlowState) => 1 | 2 | null;
}

const hashOf = (state: FlowState) => state.formHash ?? '';
const productOf = (state: FlowState) => state.productId ?? 0;
const withHash = (state: FlowState) => ({ form_security_hash: hashOf(state) });
const filing = (state: FlowState, input: StepInput) => ({ form_security_hash: hashOf(state), consents: input.consents });
// The step is only offered once its fields are valid (the step's own checks); `!` states that.
const identityBody = (state: FlowState, input: StepInput) => ({ ...input.identity!, ...withHash(state), subscription_type: 1 as const });
const identityFields = Object.keys(identitySchema.shape);
const newPackage = (state: FlowState) => ({ ...withHash(state), product_id: productOf(state), pre_price_paid_type: state.setupPriceIndex ?? 0 });
/**
 * The commitment summary (docs/decisions/0020-commitment-summary-and-documents.md): its own step
 * after the last one that can change the price (the identity step's code box for a visitor, the
 * package step's for a customer) and before the consents. Nothing of it goes upstream: the
 * confirmation goes with the filing's consents. A customer files here, after it.
 */
const commitmentStep = (customer: AnyStepCall): StepSpec => ({ name: 'commitment', sends: ['productId', 'setupPriceIndex'], visitor: null, customer });

export const flowTables: Record<Flow, FlowTable> = {
  new: {
    param: 'yeni',
    title: 'newTitle',
    checksCoverage: true,
    asksSetupFee: true,
    // A new line's door was measured on the address step.
    connectionType: (state) => connectionTypeOf(state.infrastructure),
    steps: [
      { name: 'address', startsForm: true, sends: ['address'], visitor: stepCall('registerStep1', (state) => addressBody(state.address)!) },
      // A customer's tariff goes upstream with their filing, after the commitment summary.
      { name: 'package', sends: ['productId', 'setupPriceIndex'], codes: 'customer', visitor: stepCall('registerStep2', newPackage), customer: null },
      { name: 'identity', visitorOnly: true, sends: ['identity'], codes: 'visitor', fields: identityFields, visitor: stepCall('registerStep3', identityBody) },
      commitmentStep(
        stepCall(
          'authRegisterStep2',
          (state, input) => ({ ...newPackage(state), subscription_type: 1 as const, consents: input.consents }),
          addsNothing,
          filedByCustomer,
        ),
      ),
      { name: 'contact', visitorOnly: true, sends: [], visitor: stepCall('registerStep4', filing, addsNothing, filedByVisitor) },
    ],
  },
  transfer: {
    param: 'transfer',
    title: 'transferTitle',
    checksCoverage: false,
    asksSetupFee: false,
    // A transferred line is what it is: its service number's prefix says which (spec §9).
    connectionType: (state) => connectionTypeForServiceNumber(state.serviceNumber ?? ''),
    steps: [
      {
        name: 'serviceNumber',
        startsForm: true,
        sends: ['serviceNumber'],
        visitor: stepCall(
          'transferRegisterStep1',
          (state) => ({ service_number: state.serviceNumber ?? '' }),
          // The provider the line is with now; an answer without one keeps what was known.
          (lookup) => (lookup?.company ? { currentCompany: lookup.company } : {}),
        ),
      },
      { name: 'address', sends: ['address'], visitor: stepCall('transferRegisterStep2', (state) => ({ ...addressBody(state.address)!, ...withHash(state) })) },
      {
        name: 'package',
        sends: ['productId'],
        codes: 'customer',
        visitor: stepCall('transferRegisterStep3', (state) => ({ ...withHash(state), product_id: productOf(state) })),
        customer: null,
      },
      { name: 'identity', visitorOnly: true, sends: ['identity'], codes: 'visitor', fields: identityFields, visitor: stepCall('transferRegisterStep4', identityBody) },
      commitmentStep(
        stepCall(
          'authTransferRegisterStep3',
          (state, input) => ({ ...withHash(state), product_id: productOf(state), subscription_type: 1 as const, consents: input.consents }),
          addsNothing,
          filedByCustomer,
        ),
      ),
      { name: 'contact', visitorOnly: true, sends: [], visitor: stepCall('transferRegisterStep5', filing, addsNothing, filedByVisitor) },
    ],
  },
};

/** The steps a visitor or a logged-in customer goes through: a customer's end where they file. */
export function stepsOf(flow: Flow, loggedIn: boolean): readonly StepSpec[] {
  const { steps } = flowTables[flow];
  return loggedIn ? steps.filter((step) => !step.visitorOnly) : steps;
}

/** The call a step makes for this visitor; null when the step sends nothing upstream. */
export function callOf(step: StepSpec, loggedIn: boolean): AnyStepCall | null {
  return loggedIn && step.customer !== undefined ? step.customer : step.visitor;
}

/** Whether answering this call files the application (the last step, or a customer's package step). */
export const filesApplication = (call: AnyStepCall) => 'files' in apiCalls[call.call];

/**
 * The field messages of a refused step, when the step shows every field they name: told there, one
 * message each, and nothing else. Null when there are none or one has no place on the step (the
 * error dialog tells the refusal then).
 */
export function fieldErrorsShownOn(step: StepSpec, fieldErrors: Readonly<Record<string, string>>): Record<string, string> | null {
  const names = Object.keys(fieldErrors);
  return names.length > 0 && names.every((name) => step.fields?.includes(name)) ? { ...fieldErrors } : null;
}

/**
 * The step shown for a URL's `adim` (1-based): never beyond the first step not answered on the
 * current form, nor beyond one whose fields changed since it was answered.
 */
export function shownStepIndex(state: FlowState, requested: number, loggedIn: boolean): number {
  const steps = stepsOf(state.flow, loggedIn);
  const wanted = Number.isInteger(requested) ? requested - 1 : 0;
  const unsent = steps.findIndex((step) => state.unsent.includes(step.name));
  return Math.max(0, Math.min(wanted, state.reached, unsent === -1 ? Infinity : unsent, steps.length - 1));
}

// ------------------------------------------------------------------------------------------------
// the reducer

type EditableKey = 'address' | 'infrastructure' | 'productId' | 'setupPriceIndex' | 'identity' | 'consents' | 'commitment' | 'serviceNumber';

export type FlowEvent =
  /** The visitor changed what a step shows. */
  | { type: 'edited'; change: Partial<Pick<FlowState, EditableKey>> }
  /**
   * A step's call answered: the form's next hash and what the answer adds (its call's `adds`).
   * `formId` names the new form when the step starts one.
   */
  | { type: 'answered'; step: StepName; hash: string | undefined; adds?: AnswerChange; now: number; formId: string; local?: true }
  /** A phone or mail was verified on the current form: its check answered the form's next hash. */
  | { type: 'verified'; kind: 'phone' | 'mail'; value: string; hash: string | undefined; now: number }
  /** A code applied to the current form answered the form's next hash. */
  | { type: 'rotated'; hash: string | undefined; now: number; change: Partial<Pick<FlowState, 'campaignCode' | 'referenceCode'>> }
  /** A step's call is on its way. */
  | { type: 'submitting'; step: StepName }
  /** The step's call was refused or failed; `fieldErrors` are told at the step's fields (empty: told elsewhere). */
  | { type: 'failed'; fieldErrors: Record<string, string> }
  /** The identity belongs to a customer: they log in before filing (the wizard asks). */
  | { type: 'registeredUser' }
  /** The upstream refused the form's hash: it expired (30 minutes) or was already used. */
  | { type: 'formRefused' }
  /** This form was filed in another tab. */
  | { type: 'filedElsewhere' }
  /** Filed here: the finish line shows the receipt. */
  | { type: 'filed'; receipt: Receipt };

/** Equal as stored: key order and keys left undefined do not count. */
function same(a: unknown, b: unknown): boolean {
  const canonical = (value: unknown): unknown =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([, entry]) => entry !== undefined)
            .sort(([x], [y]) => (x < y ? -1 : 1))
            .map(([key, entry]) => [key, canonical(entry)]),
        )
      : value;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

/** What belongs to a form, not to the person: gone with the form, verified values offered again. */
function withoutForm(state: FlowState): FlowState {
  return {
    ...state,
    formId: null,
    formHash: null,
    hashIssuedAt: 0,
    reached: 0,
    unsent: [],
    campaignCode: null,
    referenceCode: null,
    // Confirmed for a form that is gone: the new one's summary asks again.
    commitment: null,
    phone: null,
    mail: null,
    prefill: { phone: state.phone ?? state.prefill.phone, mail: state.mail ?? state.prefill.mail },
    submitting: null,
    fieldErrors: {},
  };
}

export function flowReducer(state: FlowState, event: FlowEvent): FlowState {
  if (state.filed) return state;
  const steps = flowTables[state.flow].steps;
  switch (event.type) {
    case 'edited': {
      const changed = (Object.keys(event.change) as EditableKey[]).filter((key) => !same(state[key], event.change[key]));
      if (changed.length === 0) return state;
      // An answered step that sends a changed field must be sent again before any later one shows.
      const unsent = steps
        .filter((step, index) => index < state.reached && step.sends.some((key) => changed.includes(key as EditableKey)))
        .map((step) => step.name);
      return { ...state, ...event.change, unsent: [...new Set([...state.unsent, ...unsent])] };
    }
    case 'answered': {
      const index = steps.findIndex((step) => step.name === event.step);
      const step = steps[index];
      if (!step) return state;
      const hash = event.hash ?? state.formHash;
      if (step.startsForm) {
        // The chosen tariff stays: one the new line does not carry counts as none (lib/domain/tariffs).
        return {
          ...withoutForm(state),
          ...event.adds,
          formId: event.formId,
          formHash: hash,
          hashIssuedAt: event.now,
          // A new form has only this step behind it upstream.
          reached: index + 1,
          unsent: [],
          notice: null,
        };
      }
      return {
        ...state,
        ...event.adds,
        formHash: hash,
        // A step of the portal's own asked the upstream nothing: the hash is as old as it was.
        hashIssuedAt: event.local ? state.hashIssuedAt : event.now,
        // The upstream keeps the furthest step of a form: steps after this one stay answered.
        reached: Math.max(state.reached, index + 1),
        unsent: state.unsent.filter((name) => name !== step.name),
        notice: null,
        submitting: null,
      };
    }
    case 'verified':
      return { ...state, [event.kind]: event.value, formHash: event.hash ?? state.formHash, hashIssuedAt: event.now };
    case 'rotated':
      return { ...state, ...event.change, formHash: event.hash ?? state.formHash, hashIssuedAt: event.now };
    case 'submitting':
      return { ...state, submitting: event.step, fieldErrors: {} };
    case 'failed':
      return { ...state, submitting: null, fieldErrors: event.fieldErrors };
    case 'registeredUser':
      return { ...state, submitting: null };
    case 'formRefused':
      return { ...withoutForm(state), notice: 'formExpired' };
    case 'filedElsewhere':
      return { ...withoutForm(state), notice: 'filedElsewhere', filed: true };
    case 'filed':
      return { ...state, submitting: null, filed: true, receipt: event.receipt };
  }
}

/**
 * The state a tab stored, read back: a state of an older page gets the fields it lacks, one whose
 * hash is older than the upstream keeps (30 minutes) is sent back to the first step with
 * everything typed, and a form another tab filed is over. Anything unreadable starts afresh.
 */
export function restoreFlowState(stored: string | null, flow: Flow, now: number, filedForms: readonly string[]): FlowState {
  const empty = emptyFlowState(flow);
  if (!stored) return empty;
  let state: FlowState;
  try {
    const parsed = JSON.parse(stored) as Partial<FlowState>;
    if (!parsed || typeof parsed !== 'object' || parsed.flow !== flow) return empty;
    state = {
      ...empty,
      ...parsed,
      prefill: { ...empty.prefill, ...parsed.prefill },
      consents: { ...empty.consents, ...parsed.consents },
      // A call that was on its way when the tab closed is not any more.
      submitting: null,
      fieldErrors: {},
    };
  } catch {
    return empty;
  }
  if (state.filed) return empty;
  if (state.formId && filedForms.includes(state.formId)) return flowReducer(state, { type: 'filedElsewhere' });
  if (hashExpired(state, now)) return flowReducer(state, { type: 'formRefused' });
  return state;
}

// ------------------------------------------------------------------------------------------------
// filed forms, shared by the browser's tabs

/** localStorage key of the forms filed in this browser: random ids, no personal data. */
export const FILED_FORMS_KEY = 'basvuru:filed';
const FILED_FORMS_KEPT_MS = 24 * 60 * 60 * 1000;
const FILED_FORMS_MAX = 20;

type FiledForms = { id: string; at: number }[];

function readFiledForms(raw: string | null): FiledForms {
  try {
    const parsed: unknown = JSON.parse(raw ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((entry): entry is FiledForms[number] => typeof entry?.id === 'string' && typeof entry?.at === 'number') : [];
  } catch {
    return [];
  }
}

/** The ids of the forms filed in this browser in the last day. */
export function filedFormIds(raw: string | null, now: number): string[] {
  return readFiledForms(raw)
    .filter((entry) => now - entry.at < FILED_FORMS_KEPT_MS)
    .map((entry) => entry.id);
}

/** The stored list with one more filed form (the oldest dropped beyond a day or twenty entries). */
export function withFiledForm(raw: string | null, formId: string, now: number): string {
  const kept = readFiledForms(raw).filter((entry) => now - entry.at < FILED_FORMS_KEPT_MS && entry.id !== formId);
  return JSON.stringify([...kept, { id: formId, at: now }].slice(-FILED_FORMS_MAX));
}
