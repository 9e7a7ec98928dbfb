import type { Flow } from '@/lib/application/draft';
import { emptyFlowState, type FlowState, hashExpired, type Receipt, type StepName } from '@/lib/application/flow/state';
import { type AnswerChange, flowTables } from '@/lib/application/flow/tables';

/** The one reducer of a wizard's state (state.ts), and the state read back from sessionStorage. */

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
