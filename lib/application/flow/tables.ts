import { type ApiAnswer, type ApiBody, type ApiCallName, apiCalls } from '@/lib/api/calls';
import type { Envelope, SubscriptionSummary } from '@/lib/api/types';
import { addressBody, connectionTypeOf, type Flow } from '@/lib/application/draft';
import { connectionTypeForServiceNumber } from '@/lib/domain/service-number';
import { sortSubscriptions, subscriptionSummary } from '@/lib/domain/subscription';
import { identitySchema } from '@/lib/validation/application';
import type { Consents } from '@/lib/validation/consents';
import type { FlowState, StepName } from '@/lib/application/flow/state';

/** The application flows' tables: each flow's steps, the call each step makes and what its answer adds (state.ts says how the pieces fit). */

/** What a step's body is made of besides the state: the consents' versions. */
export interface StepInput {
  consents: Consents;
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
// The identity as the state holds it, the one the popups show too; the step is only sent once its
// fields pass their rules, and the parse (which trims) throws, sending nothing, if one does not.
const identityBody = (state: FlowState) => ({ ...identitySchema.parse(state.identity), ...withHash(state), subscription_type: 1 as const });
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

/** Whether the code box is on this step for this visitor (moving on without a code asks first). */
export const showsCodeBox = (step: Pick<StepSpec, 'codes'>, loggedIn: boolean) => step.codes === (loggedIn ? 'customer' : 'visitor');

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
