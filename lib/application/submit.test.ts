import { describe, expect, it, vi } from 'vitest';
import { COMMITMENT } from '@/testing/consents';
import { IDENTITY } from '@/testing/identity';
import { ApiError } from '@/lib/api/api-error';
import type { ApiCallName } from '@/lib/api/calls';
import type { Envelope, SessionUser } from '@/lib/api/types';
import { type FlowEvent, flowReducer } from '@/lib/application/flow/reducer';
import { emptyFlowState, type FlowState, FORM_HASH_LIFETIME_MS } from '@/lib/application/flow/state';
import type { CallMaker } from '@/lib/application/flow/tables';
import { callWithinForm, receiptOf, type SubmitDeps, submitStep } from '@/lib/application/submit';

const consents = { kvkk: 'v1', contract: 'v1', marketing: false as const, commitment: COMMITMENT };
const address = {
  province: { value: 34, text: 'İstanbul' },
  district: { value: 1, text: 'Kadıköy' },
  township: { value: 2, text: 'Merkez' },
  village: { value: 3, text: 'Merkez' },
  neighborhood: { value: 4, text: 'Moda' },
  street: { value: 5, text: 'Atatürk Caddesi' },
  building: { value: 6, text: 'No: 6' },
  floor: { value: '1234567890', text: 'Daire 1' },
};
const identity = IDENTITY;

const formInvalid = () => new ApiError(400, 'Form süresi doldu.', 'generic', { reason: 'form_invalid' });
const timeout = () => new ApiError(504, undefined, 'generic', undefined);

/** A visitor of the new-line flow at the contact step, on hash h4 issued at t = 1,000. */
const atContact = (): FlowState => ({
  ...emptyFlowState('new'),
  formId: 'form-1',
  formHash: 'h4',
  hashIssuedAt: 1_000,
  reached: 3,
  address,
  productId: 7,
  setupPriceIndex: 0,
  phone: '+90 (532) 123 45 67',
  mail: 'elif@example.com',
});

const customer: SessionUser = {
  user_id: 9,
  data: { name: 'Elif', surname: 'Yılmaz', nationality_number: '10000000146', confirm_nationality: { status: 2 } },
  subscriptions: [
    { subscription_id: 41, status: 1, service_number: null, info: { register_date: 200 }, data: { reference_type: 1, product: { name: 'Fiber 100' } } },
    { subscription_id: 12, status: 200, service_number: 'TT1', info: { register_date: 100 }, data: { reference_type: 1, product: { name: 'Fiber 50' } } },
  ],
};

type Answers = Partial<Record<ApiCallName, (body: unknown) => Envelope<unknown>>>;

/**
 * A wizard around submitStep: its state played through the reducer, every event and call kept;
 * the stand-in upstream answers `answers[call]` (which may throw), and refuses an unknown call.
 */
function wizard(state: FlowState, answers: Answers, options: Partial<SubmitDeps> = {}) {
  const events: FlowEvent[] = [];
  const calls: Array<{ call: ApiCallName; body: unknown; filing: boolean }> = [];
  const maker =
    (filing: boolean): CallMaker =>
    async (call, body) => {
      calls.push({ call, body, filing });
      const answer = answers[call];
      if (!answer) throw new Error(`unexpected call ${call}`);
      return answer(body) as never;
    };
  const harness = {
    state,
    events,
    calls,
    restarts: 0,
    deps: {
      loggedIn: false,
      dispatch: (event: FlowEvent) => {
        events.push(event);
        harness.state = flowReducer(harness.state, event);
      },
      make: maker(false),
      file: maker(true),
      overlay: (work) => work,
      confirmWithoutCode: async () => true,
      filedElsewhere: () => false,
      restart: () => {
        harness.restarts += 1;
      },
      now: () => 2_000,
      newFormId: () => 'form-2',
      ...options,
    } satisfies SubmitDeps,
  };
  return harness;
}

describe('submitStep', () => {
  it('sends the step with the state’s fields and moves on with the answer’s hash', async () => {
    const w = wizard({ ...emptyFlowState('new'), address }, { registerStep1: () => ({ status: true, hash: 'h1' }) });
    expect(await submitStep(w.state, 'address', { consents }, w.deps)).toEqual({ kind: 'moved', to: 1 });
    expect(w.calls).toEqual([{ call: 'registerStep1', body: expect.objectContaining({ address_province: 34 }), filing: false }]);
    expect(w.events.map((event) => event.type)).toEqual(['submitting', 'answered']);
    expect(w.state).toMatchObject({ formHash: 'h1', formId: 'form-2', reached: 1, submitting: null });
  });

  it('does not send a step on a hash older than the upstream keeps, and starts the form again', async () => {
    const w = wizard(atContact(), {}, { now: () => 1_000 + FORM_HASH_LIFETIME_MS });
    expect(await submitStep(w.state, 'contact', { consents }, w.deps)).toEqual({ kind: 'restarted' });
    expect(w.calls).toEqual([]);
    expect(w.restarts).toBe(1);
    expect(w.state).toMatchObject({ notice: 'formExpired', formHash: null, reached: 0, address, productId: 7 });
  });

  it('tells a form filed in another tab from an expired one when the upstream refuses its hash', async () => {
    const refused = { registerStep4: () => { throw formInvalid(); } };
    const expired = wizard(atContact(), refused);
    expect(await submitStep(expired.state, 'contact', { consents }, expired.deps)).toEqual({ kind: 'restarted' });
    expect(expired.state).toMatchObject({ notice: 'formExpired', filed: false, submitting: null });

    const elsewhere = wizard(atContact(), refused, { filedElsewhere: () => true });
    expect(await submitStep(elsewhere.state, 'contact', { consents }, elsewhere.deps)).toEqual({ kind: 'restarted' });
    expect(elsewhere.state).toMatchObject({ notice: 'filedElsewhere', filed: true });
    expect(elsewhere.restarts).toBe(1);
  });

  it('hands a registered customer’s identity to the login, keeping what was typed', async () => {
    const w = wizard({ ...atContact(), reached: 2 }, {
      registerStep3: () => {
        throw new ApiError(400, 'Bu kimlik numarası ile kayıtlı bir üyelik var.', 'generic', { registered_user: true });
      },
    });
    const outcome = await submitStep(w.state, 'identity', { consents, change: { identity } }, w.deps);
    expect(outcome).toMatchObject({
      kind: 'registeredUser',
      refusal: { serverMessage: 'Bu kimlik numarası ile kayıtlı bir üyelik var.' },
      nationalityNumber: '10000000146',
    });
    expect(w.state).toMatchObject({ submitting: null, formHash: 'h4', reached: 2, identity });
  });

  it('sends the identity as submitted, keeps it as the one the popups and a later try read, and marks nothing due again', async () => {
    // The state still holds an earlier keystroke's identity: the submitted one is what goes and stays.
    const earlier = { ...atContact(), reached: 2, identity: { ...identity, nationality_number: '1000000014' } };
    const w = wizard(earlier, { registerStep3: () => ({ status: true, hash: 'h5' }) });
    expect(await submitStep(w.state, 'identity', { consents, change: { identity: { ...identity, name: ' Elif ' } } }, w.deps)).toEqual({ kind: 'moved', to: 3 });
    expect(w.calls).toEqual([{ call: 'registerStep3', body: { ...identity, form_security_hash: 'h4', subscription_type: 1 }, filing: false }]);
    expect(w.state).toMatchObject({ identity: { ...identity, name: ' Elif ' }, reached: 3, unsent: [] });
  });

  it('tells a refusal of the step’s own fields at them, and any other refusal in the dialog', async () => {
    const fields = wizard({ ...atContact(), reached: 2 }, {
      registerStep3: () => {
        throw new ApiError(400, 'Geçersiz', 'generic', { fields: { name: 'Ad hatalı' } });
      },
    });
    expect(await submitStep(fields.state, 'identity', { consents, change: { identity } }, fields.deps)).toEqual({ kind: 'fieldErrors' });
    expect(fields.state).toMatchObject({ submitting: null, fieldErrors: { name: 'Ad hatalı' } });

    // A field the step does not show: the dialog tells it, nothing at the fields.
    const elsewhere = new ApiError(400, 'Geçersiz', 'generic', { fields: { consents: 'Onay eksik' } });
    const other = wizard({ ...atContact(), reached: 2 }, { registerStep3: () => { throw elsewhere; } });
    expect(await submitStep(other.state, 'identity', { consents, change: { identity } }, other.deps)).toEqual({ kind: 'failed', error: elsewhere });
    expect(other.state).toMatchObject({ submitting: null, fieldErrors: {} });
  });

  it('tells a timeout as a failure, and another try sends the step again with everything kept', async () => {
    let tries = 0;
    const w = wizard({ ...emptyFlowState('new'), address }, {
      registerStep1: () => {
        tries += 1;
        if (tries === 1) throw timeout();
        return { status: true, hash: 'h1' };
      },
    });
    const first = await submitStep(w.state, 'address', { consents }, w.deps);
    expect(first).toMatchObject({ kind: 'failed' });
    expect(w.state).toMatchObject({ submitting: null, address });
    expect(await submitStep(w.state, 'address', { consents }, w.deps)).toEqual({ kind: 'moved', to: 1 });
    expect(w.calls).toHaveLength(2);
  });

  it('files with the filing maker, and the finish line gets what the answer filed', async () => {
    const w = wizard(atContact(), { registerStep4: () => ({ status: true, data: customer }) });
    const outcome = await submitStep(w.state, 'contact', { consents }, w.deps);
    expect(outcome).toEqual({ kind: 'filed', answer: { subscription: customer.subscriptions[0], identityStatus: 2 } });
    expect(w.calls).toEqual([{ call: 'registerStep4', body: { form_security_hash: 'h4', consents }, filing: true }]);
    // Busy until the wizard shows the receipt.
    expect(w.state.submitting).toBe('contact');
  });

  it('takes a customer’s filed subscription from the filing answer, whatever the session lists first', async () => {
    const filed = { subscription_id: 77, status: 1, service_number: null, info: { register_date: 50 }, data: { reference_type: 1, product: { name: 'Fiber 1000' } } };
    const w = wizard({ ...atContact(), reached: 2, productId: 7 }, { authRegisterStep2: () => ({ status: true, data: filed }) }, { loggedIn: true });
    const outcome = await submitStep(w.state, 'commitment', { consents }, w.deps);
    expect(outcome).toMatchObject({ kind: 'filed', answer: { subscription: { subscription_id: 77, data: { product: { name: 'Fiber 1000' } } }, identityStatus: null } });
    expect(w.calls[0]).toMatchObject({ call: 'authRegisterStep2', filing: true });
    if (outcome.kind !== 'filed') throw new Error(outcome.kind);
    expect(receiptOf(outcome.answer, customer)).toEqual({ subscription: expect.objectContaining({ subscription_id: 77 }), identityStatus: 2 });
  });

  it('moves past the portal’s own steps with no call: the commitment summary, a customer’s tariff choice; the hash keeps its age', async () => {
    const visitor = wizard(atContact(), {});
    expect(await submitStep(visitor.state, 'commitment', { consents }, visitor.deps)).toEqual({ kind: 'moved', to: 4 });
    expect(visitor.calls).toEqual([]);
    expect(visitor.state).toMatchObject({ reached: 4, formHash: 'h4', hashIssuedAt: 1_000 });
    const customerWizard = wizard({ ...atContact(), reached: 1, campaignCode: 'KAMPANYA50' }, {}, { loggedIn: true });
    expect(await submitStep(customerWizard.state, 'package', { consents }, customerWizard.deps)).toEqual({ kind: 'moved', to: 2 });
    expect(customerWizard.calls).toEqual([]);
    expect(customerWizard.state).toMatchObject({ reached: 2, formHash: 'h4', hashIssuedAt: 1_000 });
  });

  it('reaches the finish line when the filing’s answer was lost after it filed', async () => {
    const lost = new ApiError(502, 'Başvurunuz alındı, ancak yanıtı bize ulaşmadı.', 'generic', { filed_unanswered: true });
    const w = wizard(atContact(), { registerStep4: () => { throw lost; } });
    expect(await submitStep(w.state, 'contact', { consents }, w.deps)).toEqual({ kind: 'filed', answer: null, unanswered: lost.message });
    expect(receiptOf(null, customer)).toEqual({ subscription: customer.subscriptions[0], identityStatus: 2 });
    expect(receiptOf(null, null)).toEqual({ subscription: null, identityStatus: 0 });
  });

  it('asks before moving on without a code where the code box is, and stays when the visitor goes back for one', async () => {
    const confirmWithoutCode = vi.fn(async () => false);
    const atIdentity = { ...atContact(), reached: 2 };
    const w = wizard(atIdentity, { registerStep3: () => ({ status: true, hash: 'h5' }) }, { confirmWithoutCode });
    expect(await submitStep(w.state, 'identity', { consents, change: { identity } }, w.deps)).toEqual({ kind: 'stayed' });
    expect(w.calls).toEqual([]);
    // Only what was typed is kept.
    expect(w.events).toEqual([{ type: 'edited', change: { identity } }]);
    // With a code applied, nothing is asked.
    const coded = wizard({ ...atIdentity, campaignCode: 'KAMPANYA50' }, { registerStep3: () => ({ status: true, hash: 'h5' }) }, { confirmWithoutCode });
    expect(await submitStep(coded.state, 'identity', { consents, change: { identity } }, coded.deps)).toEqual({ kind: 'moved', to: 3 });
    expect(confirmWithoutCode).toHaveBeenCalledTimes(1);
  });

  it('asks about a code only on the step that has the code box for this visitor: a customer’s package step, not the address', async () => {
    const confirmWithoutCode = vi.fn(async () => false);
    const address_ = wizard({ ...emptyFlowState('new'), address }, { registerStep1: () => ({ status: true, hash: 'h1' }) }, { confirmWithoutCode });
    expect(await submitStep(address_.state, 'address', { consents }, address_.deps)).toEqual({ kind: 'moved', to: 1 });
    const visitorPackage = wizard({ ...atContact(), reached: 1 }, { registerStep2: () => ({ status: true, hash: 'h2' }) }, { confirmWithoutCode });
    expect(await submitStep(visitorPackage.state, 'package', { consents }, visitorPackage.deps)).toEqual({ kind: 'moved', to: 2 });
    expect(confirmWithoutCode).not.toHaveBeenCalled();
    const customerPackage = wizard({ ...atContact(), reached: 1 }, {}, { confirmWithoutCode, loggedIn: true });
    expect(await submitStep(customerPackage.state, 'package', { consents }, customerPackage.deps)).toEqual({ kind: 'stayed' });
    expect(confirmWithoutCode).toHaveBeenCalledTimes(1);
  });

  it('sends nothing while a step is on its way, or once filed', async () => {
    const w = wizard({ ...atContact(), submitting: 'contact' }, {});
    expect(await submitStep(w.state, 'contact', { consents }, w.deps)).toEqual({ kind: 'stayed' });
    expect(await submitStep({ ...atContact(), filed: true }, 'contact', { consents }, w.deps)).toEqual({ kind: 'stayed' });
    expect(w.calls).toEqual([]);
  });

  it('sends the service number typed on submit, keeps it on a refusal, and stores the provider the answer names', async () => {
    const refusal = new ApiError(404, 'Hizmet numarası bulunamadı.', 'generic', undefined);
    const refused = wizard(emptyFlowState('transfer'), { transferRegisterStep1: () => { throw refusal; } });
    expect(await submitStep(refused.state, 'serviceNumber', { consents, change: { serviceNumber: '1234567890' } }, refused.deps)).toEqual({ kind: 'failed', error: refusal });
    expect(refused.state).toMatchObject({ serviceNumber: '1234567890', submitting: null });

    const found = wizard(emptyFlowState('transfer'), { transferRegisterStep1: () => ({ status: true, hash: 't1', data: { company: 'Eski Net' } }) });
    expect(await submitStep(found.state, 'serviceNumber', { consents, change: { serviceNumber: '1234567890' } }, found.deps)).toEqual({ kind: 'moved', to: 1 });
    expect(found.calls[0]!.body).toEqual({ service_number: '1234567890' });
    expect(found.state).toMatchObject({ currentCompany: 'Eski Net', formHash: 't1', reached: 1 });
  });
});

describe('callWithinForm', () => {
  it('answers the call under the overlay on a live form', async () => {
    const w = wizard(atContact(), {});
    let overlaid = 0;
    const overlay = <T,>(work: Promise<T>) => {
      overlaid += 1;
      return work;
    };
    expect(await callWithinForm(w.state, async () => 'ok', { ...w.deps, overlay })).toBe('ok');
    expect(overlaid).toBe(1);
  });

  it('answers null and starts the form again when its hash is too old or refused, without calling on an old one', async () => {
    const old = wizard(atContact(), {}, { now: () => 1_000 + FORM_HASH_LIFETIME_MS });
    const call = vi.fn(async () => 'ok');
    expect(await callWithinForm(old.state, call, old.deps)).toBeNull();
    expect(call).not.toHaveBeenCalled();
    expect(old.state.notice).toBe('formExpired');

    const refused = wizard(atContact(), {});
    expect(await callWithinForm(refused.state, async () => Promise.reject(formInvalid()), refused.deps)).toBeNull();
    expect(refused.restarts).toBe(1);
  });

  it('throws any other refusal, to be told where it was asked', async () => {
    const w = wizard(atContact(), {});
    const wrong = new ApiError(400, 'Kod hatalı', 'generic', undefined);
    await expect(callWithinForm(w.state, async () => Promise.reject(wrong), w.deps)).rejects.toBe(wrong);
    expect(w.events).toEqual([]);
  });
});
