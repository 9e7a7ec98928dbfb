import { describe, expect, it } from 'vitest';
import { COMMITMENT } from '@/testing/consents';
import { IDENTITY } from '@/testing/identity';
import { apiCalls } from '@/lib/api/calls';
import { FILED_FORMS_KEY, filedFormIds, withFiledForm } from '@/lib/application/flow/filed-forms';
import { type FlowEvent, flowReducer, restoreFlowState } from '@/lib/application/flow/reducer';
import { emptyFlowState, type FlowState, FORM_HASH_LIFETIME_MS } from '@/lib/application/flow/state';
import { type AnswerChange, type CallMaker, callOf, fieldErrorsShownOn, filesApplication, flowTables, shownStepIndex, showsCodeBox, stepsOf } from '@/lib/application/flow/tables';
import type { Flow } from '@/lib/application/draft';

const option = (value: number | string, text = String(value)) => ({ value, text });
const address = {
  province: option(34, 'İstanbul'),
  district: option(1, 'Kadıköy'),
  township: option(2, 'Merkez'),
  village: option(3, 'Merkez'),
  neighborhood: option(4, 'Moda'),
  street: option(5, 'Atatürk Caddesi'),
  building: option(6, 'No: 6'),
  floor: option('1234567890', 'Daire 1'),
};
const consents = { kvkk: 'v1', contract: 'v1', marketing: false as const, commitment: COMMITMENT };
const identity = IDENTITY;
const play = (state: FlowState, ...events: FlowEvent[]) => events.reduce(flowReducer, state);
const answered = (step: Extract<FlowEvent, { type: 'answered' }>['step'], hash: string, now = 1_000, formId = 'form-1'): FlowEvent => ({
  type: 'answered',
  step,
  hash,
  now,
  formId,
});

/** A new-line visitor at the contact step: address, package and identity answered, phone and mail verified, a code applied. */
function atContact(): FlowState {
  return play(
    emptyFlowState('new'),
    { type: 'edited', change: { address } },
    answered('address', 'h1'),
    { type: 'edited', change: { productId: 7, setupPriceIndex: 1 } },
    answered('package', 'h2'),
    { type: 'edited', change: { identity: { name: 'Elif', nationality_number: '10000000146' } } },
    { type: 'rotated', hash: 'h3', now: 1_500, change: { campaignCode: 'KAMPANYA50' } },
    answered('identity', 'h4', 2_000),
    { type: 'verified', kind: 'phone', value: '+90 (532) 123 45 67', hash: 'h5', now: 2_500 },
    { type: 'verified', kind: 'mail', value: 'elif@example.com', hash: 'h6', now: 3_000 },
  );
}

describe('flow tables', () => {
  it('describe each flow once: steps, calls, and where a customer files', () => {
    // The commitment summary comes after the last step that can change the price and before the consents.
    expect(stepsOf('new', false).map((step) => step.name)).toEqual(['address', 'package', 'identity', 'commitment', 'contact']);
    expect(stepsOf('new', true).map((step) => step.name)).toEqual(['address', 'package', 'commitment']);
    expect(stepsOf('transfer', false).map((step) => step.name)).toEqual(['serviceNumber', 'address', 'package', 'identity', 'commitment', 'contact']);
    expect(stepsOf('transfer', true).map((step) => step.name)).toEqual(['serviceNumber', 'address', 'package', 'commitment']);
    const calls = (flow: Flow, loggedIn: boolean) => stepsOf(flow, loggedIn).map((step) => callOf(step, loggedIn)?.call ?? null);
    expect(calls('new', false)).toEqual(['registerStep1', 'registerStep2', 'registerStep3', null, 'registerStep4']);
    // A customer's tariff goes with their filing, after the summary.
    expect(calls('new', true)).toEqual(['registerStep1', null, 'authRegisterStep2']);
    expect(calls('transfer', false)).toEqual(['transferRegisterStep1', 'transferRegisterStep2', 'transferRegisterStep3', 'transferRegisterStep4', null, 'transferRegisterStep5']);
    expect(calls('transfer', true)).toEqual(['transferRegisterStep1', 'transferRegisterStep2', null, 'authTransferRegisterStep3']);
  });

  it('file the application with the last call only, for visitors and customers alike', () => {
    for (const flow of ['new', 'transfer'] as const) {
      for (const loggedIn of [false, true]) {
        const steps = stepsOf(flow, loggedIn);
        expect(steps.map((step) => callOf(step, loggedIn) !== null && filesApplication(callOf(step, loggedIn)!))).toEqual(steps.map((_, index) => index === steps.length - 1));
      }
    }
  });

  it('build bodies that pass the calls’ own schemas from the state', () => {
    const state = { ...atContact(), identity };
    for (const loggedIn of [false, true]) {
      for (const step of stepsOf('new', loggedIn)) {
        const call = callOf(step, loggedIn);
        if (!call) continue;
        const body = call.body(state, { consents });
        const schema = apiCalls[call.call] as { schema?: { safeParse: (value: unknown) => { success: boolean } } };
        expect(schema.schema?.safeParse(body).success, `${call.call}`).toBe(true);
      }
    }
    expect(callOf(flowTables.new.steps[1]!, false)!.body(state, { consents })).toEqual({ form_security_hash: 'h6', product_id: 7, pre_price_paid_type: 1 });
  });

  it('say what differs between the flows: the coverage check, the setup fee, where the connection type comes from', () => {
    expect(flowTables.new).toMatchObject({ checksCoverage: true, asksSetupFee: true });
    expect(flowTables.transfer).toMatchObject({ checksCoverage: false, asksSetupFee: false });
    const copper = { central_status: null, port: null, down_speed: null, max_down_speed: null, max_speed: null };
    const fibreDoor = { fiber: { central_status: 1, port: 1, status: 1, gbps: null, down_speed: 100000 }, vdsl: copper, adsl: copper };
    const state = { ...emptyFlowState('new'), infrastructure: fibreDoor, serviceNumber: '8812345678' };
    // A new line: the door's measured infrastructure (none measured yet: no type).
    expect(flowTables.new.connectionType(state)).toBe(1);
    expect(flowTables.new.connectionType({ ...state, infrastructure: null })).toBeNull();
    // A transfer: the service number's prefix, whatever the door says.
    expect(flowTables.transfer.connectionType(state)).toBe(2);
    expect(flowTables.transfer.connectionType({ ...state, serviceNumber: '1712345678' })).toBe(1);
    expect(flowTables.transfer.connectionType({ ...state, serviceNumber: null })).toBeNull();
  });

  it('send a step’s call with the state’s fields and answer its hash and what it adds', async () => {
    const made: { call: string; body: unknown }[] = [];
    const make: CallMaker = async (call, body) => {
      made.push({ call, body });
      return { status: true, hash: 'h7' };
    };
    const state = atContact();
    const answer = await callOf(flowTables.new.steps[1]!, false)!.send(make, state, { consents });
    expect(made).toEqual([{ call: 'registerStep2', body: { form_security_hash: 'h6', product_id: 7, pre_price_paid_type: 1 } }]);
    expect(answer).toEqual({ hash: 'h7', adds: {}, filed: null });
  });

  it('tell a refusal at the step’s fields only when the step shows every field it names', () => {
    const [, , identity, contact] = flowTables.new.steps;
    expect(fieldErrorsShownOn(identity!, { name: 'Bu alan zorunludur.', gender: 'Lütfen cinsiyet seçin.' })).toEqual({
      name: 'Bu alan zorunludur.',
      gender: 'Lütfen cinsiyet seçin.',
    });
    expect(fieldErrorsShownOn(flowTables.transfer.steps[3]!, { security_word: 'x' })).toEqual({ security_word: 'x' });
    // A field the step does not show, a step without fields, no fields at all: the error dialog tells it.
    expect(fieldErrorsShownOn(identity!, { name: 'x', form_security_hash: 'y' })).toBeNull();
    expect(fieldErrorsShownOn(contact!, { consents: 'x' })).toBeNull();
    expect(fieldErrorsShownOn(identity!, {})).toBeNull();
  });

  it('send the identity the state holds, as its rules parse it, and nothing while a field breaks its rule', () => {
    const identityCall = (flow: Flow) => callOf(flowTables[flow].steps.find((step) => step.name === 'identity')!, false)!;
    const typed = { ...atContact(), identity: { ...identity, name: ' Elif ', nationality: undefined } };
    for (const flow of ['new', 'transfer'] as const) {
      // Trimmed as the form's rule trims, Türkiye when no nationality was chosen.
      expect(identityCall(flow).body(typed, { consents })).toEqual({ ...identity, form_security_hash: 'h6', subscription_type: 1 });
    }
    const half = { ...atContact(), identity: { ...identity, nationality_number: '1234567890' } };
    expect(() => identityCall('new').body(half, { consents })).toThrow();
  });

  it('ask for a code before moving on where the code box is: the identity step, a customer’s package step', () => {
    expect(flowTables.new.steps.map((step) => step.codes ?? null)).toEqual([null, 'customer', 'visitor', null, null]);
    expect(flowTables.transfer.steps.map((step) => step.codes ?? null)).toEqual([null, null, 'customer', 'visitor', null, null]);
    // The box is on the step for the audience the table names there, and on no other.
    for (const loggedIn of [false, true]) {
      expect(stepsOf('new', loggedIn).filter((step) => showsCodeBox(step, loggedIn)).map((step) => step.name)).toEqual([loggedIn ? 'package' : 'identity']);
      expect(stepsOf('transfer', loggedIn).filter((step) => showsCodeBox(step, loggedIn)).map((step) => step.name)).toEqual([loggedIn ? 'package' : 'identity']);
    }
  });
});

describe('flow reducer', () => {
  it('moves on as steps answer, each answer carrying the next hash', () => {
    const state = atContact();
    expect(state).toMatchObject({ formId: 'form-1', formHash: 'h6', hashIssuedAt: 3_000, reached: 3, phone: '+90 (532) 123 45 67', campaignCode: 'KAMPANYA50' });
  });

  it('shows no step beyond the first one not answered, whatever the URL asks (Forward, a typed URL)', () => {
    const state = atContact();
    expect(shownStepIndex(state, 4, false)).toBe(3);
    expect(shownStepIndex(state, 9, false)).toBe(3);
    expect(shownStepIndex(state, 2, false)).toBe(1);
    expect(shownStepIndex(state, Number.NaN, false)).toBe(0);
    // A customer's steps end at the commitment summary, where they file.
    expect(shownStepIndex(state, 4, true)).toBe(2);
    expect(shownStepIndex(emptyFlowState('new'), 3, false)).toBe(0);
  });

  it('makes a step due again when what it sent changes: Back to the package, another tariff, Forward is closed', () => {
    const back = flowReducer(atContact(), { type: 'edited', change: { productId: 8 } });
    expect(back.unsent).toEqual(['package']);
    expect(shownStepIndex(back, 4, false)).toBe(1);
    expect(shownStepIndex(back, 1, false)).toBe(0);
    // Sending the package again reopens the steps after it, on the same form (the upstream keeps the furthest step).
    const again = flowReducer(back, answered('package', 'h7', 4_000));
    expect(again).toMatchObject({ reached: 3, unsent: [], formHash: 'h7', formId: 'form-1', phone: '+90 (532) 123 45 67' });
    expect(shownStepIndex(again, 4, false)).toBe(3);
  });

  it('holds at the earliest changed step when several changed, until each is sent again', () => {
    const state = play(atContact(), { type: 'edited', change: { identity: { name: 'Ece' } } }, { type: 'edited', change: { productId: 8 } });
    expect(shownStepIndex(state, 4, false)).toBe(1);
    const packageSent = flowReducer(state, answered('package', 'h7'));
    expect(shownStepIndex(packageSent, 4, false)).toBe(2);
    expect(shownStepIndex(flowReducer(packageSent, answered('identity', 'h8')), 4, false)).toBe(3);
  });

  it('does not hold a step that was never answered', () => {
    const state = play(emptyFlowState('new'), { type: 'edited', change: { address } });
    expect(state.unsent).toEqual([]);
  });

  it('keeps the steps open when nothing really changed (same values, other key order, undefined keys)', () => {
    const state = atContact();
    expect(flowReducer(state, { type: 'edited', change: { productId: 7 } })).toBe(state);
    expect(flowReducer(state, { type: 'edited', change: { identity: { nationality_number: '10000000146', name: 'Elif', surname: undefined } } })).toBe(state);
    // Consents belong to no step: ticking one keeps the steps open.
    expect(flowReducer(state, { type: 'edited', change: { consents: { kvkk: true, contract: false, marketing: false } } }).unsent).toEqual([]);
  });

  it('starts a new form when the first step answers again: what hung on the old form goes, what was typed stays', () => {
    const state = flowReducer(atContact(), answered('address', 'n1', 5_000, 'form-2'));
    expect(state).toMatchObject({
      formId: 'form-2',
      formHash: 'n1',
      reached: 1,
      productId: 7,
      identity: { name: 'Elif' },
      campaignCode: null,
      phone: null,
      mail: null,
      prefill: { phone: '+90 (532) 123 45 67', mail: 'elif@example.com' },
    });
  });

  it('takes the provider a transfer’s number is with from its answer, through the step’s `adds`', () => {
    const lookup = flowTables.transfer.steps[0]!.visitor;
    if (lookup?.call !== 'transferRegisterStep1') throw new Error(`the transfer starts with ${lookup?.call}`);
    const answer = (adds: AnswerChange, hash: string): FlowEvent => ({ type: 'answered', step: 'serviceNumber', hash, adds, now: 1, formId: 'form-t' });
    const state = play(emptyFlowState('transfer'), { type: 'edited', change: { serviceNumber: '1712345678' } }, answer(lookup!.adds({ company: 'Örnek Telekom' }), 't1'));
    expect(state).toMatchObject({ serviceNumber: '1712345678', currentCompany: 'Örnek Telekom', reached: 1, formHash: 't1' });
    // An answer without a provider keeps the one known.
    expect(lookup!.adds(undefined)).toEqual({});
    expect(flowReducer(state, answer(lookup!.adds(undefined), 't2'))).toMatchObject({ currentCompany: 'Örnek Telekom', formHash: 't2' });
  });

  it('keeps a verified phone or mail and the form’s next hash; a new form offers them again', () => {
    const state = flowReducer(emptyFlowState('new'), answered('address', 'h1'));
    const verified = flowReducer(state, { type: 'verified', kind: 'mail', value: 'elif@example.com', hash: 'h2', now: 2_000 });
    expect(verified).toMatchObject({ mail: 'elif@example.com', phone: null, formHash: 'h2', hashIssuedAt: 2_000 });
    // A check that answered no hash keeps the one the form has.
    expect(flowReducer(verified, { type: 'verified', kind: 'phone', value: '+90 (532) 123 45 67', hash: undefined, now: 2_500 })).toMatchObject({
      phone: '+90 (532) 123 45 67',
      formHash: 'h2',
    });
    expect(flowReducer(verified, { type: 'formRefused' })).toMatchObject({ mail: null, prefill: { mail: 'elif@example.com' } });
  });

  it('on a refused hash goes back to the first step with everything typed, and says why', () => {
    const state = flowReducer(atContact(), { type: 'formRefused' });
    expect(state).toMatchObject({
      formHash: null,
      formId: null,
      reached: 0,
      notice: 'formExpired',
      address,
      productId: 7,
      setupPriceIndex: 1,
      identity: { name: 'Elif', nationality_number: '10000000146' },
      campaignCode: null,
      prefill: { phone: '+90 (532) 123 45 67', mail: 'elif@example.com' },
    });
    expect(shownStepIndex(state, 4, false)).toBe(0);
    // The notice stays until the step is sent again.
    expect(flowReducer(state, answered('address', 'n1', 9_000, 'form-2')).notice).toBeNull();
  });

  it('ends a form filed in another tab, and nothing more is sent on a filed one', () => {
    const elsewhere = flowReducer(atContact(), { type: 'filedElsewhere' });
    expect(elsewhere).toMatchObject({ filed: true, notice: 'filedElsewhere', formHash: null });
    const receipt = { subscription: null, identityStatus: 0 };
    const filed = play(atContact(), { type: 'submitting', step: 'contact' }, { type: 'filed', receipt });
    expect(filed).toMatchObject({ filed: true, submitting: null, receipt });
    expect(flowReducer(filed, answered('contact', 'x'))).toBe(filed);
    expect(flowReducer(filed, { type: 'edited', change: { productId: 9 } })).toBe(filed);
    expect(flowReducer(filed, { type: 'submitting', step: 'contact' })).toBe(filed);
  });

  it('ignores an answer for a step the flow does not have, and keeps the hash when an answer carries none', () => {
    const state = atContact();
    expect(flowReducer(state, answered('serviceNumber', 'x'))).toBe(state);
    expect(flowReducer(state, { type: 'rotated', hash: undefined, now: 9_000, change: {} })).toMatchObject({ formHash: 'h6', hashIssuedAt: 9_000 });
  });

  it('knows where a submission stands: sending, refused at fields, over with the form', () => {
    const sending = flowReducer({ ...atContact(), fieldErrors: { name: 'Eski' } }, { type: 'submitting', step: 'identity' });
    expect(sending).toMatchObject({ submitting: 'identity', fieldErrors: {} });
    expect(flowReducer(sending, { type: 'failed', fieldErrors: { name: 'Ad hatalı' } })).toMatchObject({ submitting: null, fieldErrors: { name: 'Ad hatalı' } });
    expect(flowReducer(sending, { type: 'registeredUser' })).toMatchObject({ submitting: null, formHash: 'h6' });
    expect(flowReducer(sending, answered('identity', 'h7'))).toMatchObject({ submitting: null, formHash: 'h7' });
    expect(flowReducer(sending, { type: 'formRefused' })).toMatchObject({ submitting: null, fieldErrors: {}, notice: 'formExpired' });
    expect(flowReducer(sending, { type: 'filedElsewhere' })).toMatchObject({ submitting: null, notice: 'filedElsewhere' });
  });
});

describe('the transfer table', () => {
  const transferAt = (reached: number): FlowState => ({
    ...emptyFlowState('transfer'),
    formId: 'form-1',
    formHash: 't3',
    hashIssuedAt: 1_000,
    reached,
    serviceNumber: '1712345678',
    address,
    productId: 7,
  });
  const made: Array<[string, unknown]> = [];
  const make: CallMaker = async (call, body) => {
    made.push([call, body]);
    return { status: true, hash: 'next' } as never;
  };

  it('sends each step’s fields with the form hash', async () => {
    made.length = 0;
    const [, addressStep, packageStep, , commitmentStep] = flowTables.transfer.steps;
    await callOf(addressStep!, false)!.send(make, transferAt(1), { consents });
    await callOf(packageStep!, false)!.send(make, transferAt(2), { consents });
    await callOf(commitmentStep!, true)!.send(make, transferAt(2), { consents });
    expect(made).toEqual([
      ['transferRegisterStep2', expect.objectContaining({ form_security_hash: 't3', address_province: 34, address_bbk: '1234567890' })],
      ['transferRegisterStep3', { form_security_hash: 't3', product_id: 7 }],
      ['authTransferRegisterStep3', { form_security_hash: 't3', product_id: 7, subscription_type: 1, consents }],
    ]);
  });

  it('makes a changed service number, address or tariff due again, and the number alone starts a new form', () => {
    const edited = (change: Parameters<typeof flowReducer>[1] & { type: 'edited' }) => flowReducer(transferAt(3), change).unsent;
    expect(edited({ type: 'edited', change: { serviceNumber: '1798765432' } })).toEqual(['serviceNumber']);
    expect(edited({ type: 'edited', change: { address: { ...address, floor: option('999', 'Daire 9') } } })).toEqual(['address']);
    expect(edited({ type: 'edited', change: { productId: 8 } })).toEqual(['package']);
    expect(flowReducer(transferAt(3), answered('serviceNumber', 'n1', 5_000, 'form-2'))).toMatchObject({ formId: 'form-2', reached: 1, formHash: 'n1' });
    expect(flowReducer(transferAt(3), answered('address', 'n2', 5_000, 'form-2'))).toMatchObject({ formId: 'form-1', reached: 3, formHash: 'n2' });
  });
});

describe('restoring a tab’s state', () => {
  const stored = (state: FlowState) => JSON.stringify(state);

  it('resumes a fresh state as it was, with no call on its way', () => {
    const state = atContact();
    expect(restoreFlowState(stored(state), 'new', 3_000 + FORM_HASH_LIFETIME_MS - 1, [])).toEqual(state);
    const sending = { ...state, submitting: 'contact' as const, fieldErrors: { name: 'x' } };
    expect(restoreFlowState(stored(sending), 'new', 3_000, [])).toEqual(state);
  });

  it('sends a state whose hash the upstream no longer keeps back to the first step, everything typed kept', () => {
    const state = restoreFlowState(stored(atContact()), 'new', 3_000 + FORM_HASH_LIFETIME_MS, []);
    expect(state).toMatchObject({ reached: 0, formHash: null, notice: 'formExpired', productId: 7, identity: { name: 'Elif' } });
  });

  it('knows a form another tab filed', () => {
    expect(restoreFlowState(stored(atContact()), 'new', 3_000, ['form-1'])).toMatchObject({ filed: true, notice: 'filedElsewhere' });
  });

  it('starts afresh from nothing, another flow, a filed state or anything unreadable, and fills in fields an older page lacked', () => {
    expect(restoreFlowState(null, 'new', 0, [])).toEqual(emptyFlowState('new'));
    expect(restoreFlowState(stored(atContact()), 'transfer', 3_000, [])).toEqual(emptyFlowState('transfer'));
    expect(restoreFlowState(stored({ ...atContact(), filed: true }), 'new', 3_000, [])).toEqual(emptyFlowState('new'));
    expect(restoreFlowState('{not json', 'new', 0, [])).toEqual(emptyFlowState('new'));
    expect(restoreFlowState('null', 'new', 0, [])).toEqual(emptyFlowState('new'));
    const older = JSON.stringify({ flow: 'new', reached: 1, formHash: 'h', hashIssuedAt: 10, address });
    expect(restoreFlowState(older, 'new', 20, [])).toMatchObject({ reached: 1, identity: {}, prefill: { phone: null, mail: null }, consents: { kvkk: false } });
  });
});

describe('forms filed in this browser', () => {
  it('are listed for a day, twenty at most, without duplicates', () => {
    let raw: string | null = null;
    for (let i = 0; i < 25; i += 1) raw = withFiledForm(raw, `f${i}`, i);
    expect(filedFormIds(raw, 30)).toHaveLength(20);
    expect(filedFormIds(raw, 30)).toContain('f24');
    expect(filedFormIds(raw, 30)).not.toContain('f0');
    raw = withFiledForm(raw, 'f24', 40);
    expect(filedFormIds(raw, 40).filter((id) => id === 'f24')).toHaveLength(1);
    expect(filedFormIds(raw, 24 * 60 * 60 * 1000 + 39)).toEqual(['f24']);
    expect(filedFormIds('{broken', 0)).toEqual([]);
    expect(filedFormIds(JSON.stringify([{ id: 1 }, 'x', { id: 'ok', at: 0 }]), 0)).toEqual(['ok']);
  });

  it('are kept under the same key from one release to the next', () => {
    expect(FILED_FORMS_KEY).toBe('basvuru:filed');
  });

  it('skip an entry without a text id and a numeric time, or none at all', () => {
    const entries = [null, { id: 1, at: 0 }, { id: 'late', at: '0' }, { at: 0 }, { id: 'ok', at: 0 }];
    expect(filedFormIds(JSON.stringify(entries), 0)).toEqual(['ok']);
    expect(JSON.parse(withFiledForm(JSON.stringify(entries), 'new', 0))).toEqual([{ id: 'ok', at: 0 }, { id: 'new', at: 0 }]);
  });

  it('end a day after they were filed, to the millisecond', () => {
    const day = 24 * 60 * 60 * 1000;
    const raw = JSON.stringify([{ id: 'old', at: 0 }, { id: 'recent', at: 1_000 }]);
    expect(filedFormIds(raw, day - 1)).toEqual(['old', 'recent']);
    expect(filedFormIds(raw, day)).toEqual(['recent']);
    expect(JSON.parse(withFiledForm(raw, 'new', day))).toEqual([
      { id: 'recent', at: 1_000 },
      { id: 'new', at: day },
    ]);
  });
});
