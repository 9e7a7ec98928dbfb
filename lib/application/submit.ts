import { ApiError } from '@/lib/api/api-error';
import { isFormRefused } from '@/lib/api/error-message';
import type { SessionUser } from '@/lib/api/types';
import type { FlowEvent } from '@/lib/application/flow/reducer';
import { type FlowState, hashExpired, type Receipt, type StepName } from '@/lib/application/flow/state';
import { type CallMaker, callOf, fieldErrorsShownOn, type FiledAnswer, filesApplication, showsCodeBox, type StepInput, stepsOf } from '@/lib/application/flow/tables';

/**
 * What the wizard's submissions do, with no React: a step's call made from the tables of
 * lib/application/flow/, and its answer or refusal turned into the reducer's events and an
 * outcome the wizard acts on (move to a step, ask for a login, tell a failure, show the finish
 * line). The calls inside a step (codes, phone and mail checks) end the same way when the form is
 * over. Unit-tested with stand-in calls (submit.test.ts).
 */

/** What the wizard lends a submission: its calls, its questions and its clock. */
export interface SubmitDeps {
  loggedIn: boolean;
  dispatch: (event: FlowEvent) => void;
  /** Makes a step's call (`callApi` in the page). */
  make: CallMaker;
  /** Makes a filing call: a late answer is waited for, never sent again (`fileApi` in the page). */
  file: CallMaker;
  /** Runs a call under the loading overlay. */
  overlay: <T>(work: Promise<T>) => Promise<T>;
  /** Asks whether to move on without a campaign or reference code (spec §4); true to go on. */
  confirmWithoutCode: () => Promise<boolean>;
  /** Whether another tab of this browser filed this form. */
  filedElsewhere: () => boolean;
  /** The form is over: the wizard shows its first step. */
  restart: () => void;
  now: () => number;
  newFormId: () => string;
}

export type StepOutcome =
  /** Answered: the wizard shows the step at this index. */
  | { kind: 'moved'; to: number }
  /** Filed: the finish line follows, with what the answer said (null: its answer was lost, `unanswered` says so). */
  | { kind: 'filed'; answer: FiledAnswer | null; unanswered?: string }
  /** Nothing was sent (the visitor went back to add a code, or a call is already on its way). */
  | { kind: 'stayed' }
  /** The form is over (expired, used, or filed in another tab): the state's notice says which. */
  | { kind: 'restarted' }
  /** The identity is a customer's: they log in (the TC kimlik no sent filled in), then file from the package step. */
  | { kind: 'registeredUser'; refusal: ApiError; nationalityNumber: string }
  /** Refused at the step's fields: the state's `fieldErrors` tell them. */
  | { kind: 'fieldErrors' }
  /** Any other failure, to be told with the spec's message (and another try where one may pass). */
  | { kind: 'failed'; error: unknown };

/** What a step sends besides the state: a change made on submit (the service number, the identity as typed), the consents' versions. */
export type Submission = StepInput & { change?: Partial<Pick<FlowState, 'serviceNumber' | 'identity'>> };

/** What ending a form takes. */
export type FormDeps = Pick<SubmitDeps, 'dispatch' | 'filedElsewhere' | 'restart'>;

/** The form is over: refused (expired or used) or, when another tab filed it, filed elsewhere. */
function formOver(deps: FormDeps): StepOutcome {
  deps.dispatch({ type: deps.filedElsewhere() ? 'filedElsewhere' : 'formRefused' });
  deps.restart();
  return { kind: 'restarted' };
}

/**
 * Sends one step: the table's call for this visitor with the state's fields, under the loading
 * overlay; the one place where a step's answer or failure becomes events. A step after the first
 * is not sent on a hash the upstream no longer keeps; a step with the code box asks first when no
 * code was applied; a filing call's late answer is waited for, and one filed with its answer lost
 * still reaches the finish line.
 */
export async function submitStep(state: FlowState, name: StepName, { change, ...input }: Submission, deps: SubmitDeps): Promise<StepOutcome> {
  const steps = stepsOf(state.flow, deps.loggedIn);
  const index = steps.findIndex((step) => step.name === name);
  const step = steps[index];
  if (!step || state.submitting || state.filed) return { kind: 'stayed' };
  if (change) deps.dispatch({ type: 'edited', change });
  const sent = { ...state, ...change };
  if (!step.startsForm && !formStillOpen(sent, deps)) return { kind: 'restarted' };
  const asksForCode = showsCodeBox(step, deps.loggedIn) && !sent.campaignCode && !sent.referenceCode;
  if (asksForCode && !(await deps.confirmWithoutCode())) return { kind: 'stayed' };

  const call = callOf(step, deps.loggedIn);
  if (!call) {
    // The portal's own step (the commitment summary; a customer's package choice): nothing to send.
    deps.dispatch({ type: 'answered', step: name, hash: undefined, now: deps.now(), formId: deps.newFormId(), local: true });
    return { kind: 'moved', to: index + 1 };
  }
  const files = filesApplication(call);
  deps.dispatch({ type: 'submitting', step: name });
  try {
    const answer = await deps.overlay(call.send(files ? deps.file : deps.make, sent, input));
    // A filing stays `submitting` until the wizard shows the receipt (the reducer's `filed`).
    if (files) return { kind: 'filed', answer: answer.filed };
    deps.dispatch({ type: 'answered', step: name, hash: answer.hash, adds: answer.adds, now: deps.now(), formId: deps.newFormId() });
    return { kind: 'moved', to: index + 1 };
  } catch (error) {
    if (isFormRefused(error)) return formOver(deps);
    // Filed, its answer lost on the way (lib/bff/filing.ts): received all the same.
    if (error instanceof ApiError && error.details?.filed_unanswered === true) return { kind: 'filed', answer: null, unanswered: error.message };
    if (error instanceof ApiError && error.isRegisteredUser) {
      deps.dispatch({ type: 'registeredUser' });
      return { kind: 'registeredUser', refusal: error, nationalityNumber: sent.identity.nationality_number ?? '' };
    }
    const atFields = error instanceof ApiError ? fieldErrorsShownOn(step, error.fieldErrors) : null;
    deps.dispatch({ type: 'failed', fieldErrors: atFields ?? {} });
    return atFields ? { kind: 'fieldErrors' } : { kind: 'failed', error };
  }
}

/** Whether the form's hash is still kept upstream; when it is not, the form is over (the wizard restarts). */
export function formStillOpen(state: Pick<FlowState, 'formHash' | 'hashIssuedAt'>, deps: FormDeps & Pick<SubmitDeps, 'now'>): boolean {
  if (!hashExpired(state, deps.now())) return true;
  formOver(deps);
  return false;
}

/**
 * A call inside a step on the current form (a code, a phone or mail check), under the loading
 * overlay: null when the form is over (its hash too old, or refused), which sends the wizard back to
 * its first step; any other refusal is thrown, to be told where it was asked.
 */
export async function callWithinForm<T>(
  state: Pick<FlowState, 'formHash' | 'hashIssuedAt'>,
  call: () => Promise<T>,
  deps: FormDeps & Pick<SubmitDeps, 'overlay' | 'now'>,
): Promise<T | null> {
  if (!formStillOpen(state, deps)) return null;
  try {
    return await deps.overlay(call());
  } catch (error) {
    if (!isFormRefused(error)) throw error;
    formOver(deps);
    return null;
  }
}

/**
 * The finish line's receipt: what the filing call answered, and where it did not say (a customer's
 * identity check, an answer lost on the way), the customer's session as refreshed after filing.
 */
export function receiptOf(answer: FiledAnswer | null, customer: SessionUser | null): Receipt {
  return {
    subscription: answer?.subscription ?? customer?.subscriptions[0] ?? null,
    identityStatus: answer?.identityStatus ?? customer?.data.confirm_nationality.status ?? 0,
  };
}
