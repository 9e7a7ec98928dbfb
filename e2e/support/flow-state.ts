import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { apiCalls } from '@/lib/api/calls';
import type { InfrastructureResult, Option, Settings } from '@/lib/api/types';
import { offerOf } from '@/lib/application/offer';
import { type Address, type Flow, queryTypeOfParent } from '@/lib/application/draft';
import { flowReducer } from '@/lib/application/flow/reducer';
import { emptyFlowState, type FlowState, type StepName } from '@/lib/application/flow/state';
import { type CallMaker, flowTables } from '@/lib/application/flow/tables';
import { type IdentityForm, identitySchema } from '@/lib/validation/application';
import { addressLevels } from '@/lib/validation/address';
import { connectionTypeForServiceNumber } from '@/lib/domain/service-number';
import { bffPost } from './api';
import { CONSENTS } from './consents';
import { randomMail, randomPhone } from './people';
import { latestCode } from './sandbox';
import { type Identity, newApplicant } from './wizard';

/**
 * An application at a later step without clicking the earlier ones, for tests about that step:
 * the earlier steps' real calls go through the backend-for-frontend with the wizard's own table
 * (lib/application/flow/), the reducer makes the state the wizard would have stored from their
 * answers, and the page opens the wizard on it. The address, package and identity steps themselves
 * are walked through the UI by application.spec.ts's new flow (and e2e/support/wizard.ts's helpers).
 */

/** Makes a described call as the client fetcher does (lib/api/client.ts): the envelope of a 200. */
const callMaker =
  (request: APIRequestContext, base = ''): CallMaker =>
  async (call, body) => {
    const response = await bffPost(request, apiCalls[call].path, body, base);
    expect(response.status(), `${call}: ${await response.text()}`).toBe(200);
    return response.json();
  };

/** İstanbul / Kadıköy, the first option of every level below it, then the inner door by name (as chooseAddress). */
async function fixtureAddress(make: CallMaker, door: string): Promise<{ address: Address; infrastructure: InfrastructureResult }> {
  const address: Address = { province: { value: 34, text: 'İstanbul' } };
  for (let index = 1; index < addressLevels.length; index++) {
    const level = addressLevels[index]!;
    const parent = address[addressLevels[index - 1]!]!;
    const { data } = await make('infrastructure', { type: queryTypeOfParent[addressLevels[index - 1]!], parent_id: parent.value });
    const options = data as Option[];
    const wanted = level === 'district' ? 'Kadıköy' : level === 'floor' ? door : undefined;
    const option = wanted ? options.find((candidate) => candidate.text === wanted) : options[0];
    if (!option) throw new Error(`no ${wanted ?? 'option'} at ${level}`);
    address[level] = option;
  }
  const { data } = await make('infrastructure', { type: 'apartment', parent_id: address.floor!.value });
  return { address, infrastructure: data as InfrastructureResult };
}

/** What the identity step holds once a person's details are typed (e2e/support/wizard.ts fillIdentity). */
const identityForm = (person: Identity): IdentityForm => ({
  nationality: 'TR',
  nationality_number: person.nationality_number,
  nationality_serial_no: person.serial,
  name: person.name,
  surname: person.surname,
  mother_name: person.mother,
  father_name: person.father,
  birthdate: person.birthdate,
  // 'Kadın', as fillIdentity ticks it.
  gender: 1,
  job: 'MUHENDIS',
  security_word: person.securityWord,
});

/** Where the wizard runs: the suite's site unless a test started one of its own (its sandbox beside it). */
export interface Site {
  /** The site's origin ('' for the suite's own, the page's baseURL). */
  base?: string;
  /** Its sandbox's origin, for the outbox's codes. */
  sandboxBase?: string;
}

interface Start {
  flow: Flow;
  /** The inner door of the Kadıköy building (chooseAddress's names). */
  door: string;
  /** A transfer's service number. */
  serviceNumber?: string;
  productId: number | null;
  setupPriceIndex: number | null;
  person: Identity;
}

/** Answers a flow's steps up to `last` with their real calls; the state the wizard would store. */
async function answeredUpTo(request: APIRequestContext, last: StepName | null, start: Start, { base = '' }: Site = {}): Promise<FlowState> {
  const make = callMaker(request, base);
  const { address, infrastructure } = await fixtureAddress(make, start.door);
  const identity = identityForm(start.person);
  const { productId, setupPriceIndex } = start;
  // Only the new flow's address step measures the door.
  const measured = flowTables[start.flow].checksCoverage ? infrastructure : null;
  let state = flowReducer(emptyFlowState(start.flow), { type: 'edited', change: { address, infrastructure: measured, productId, setupPriceIndex } });
  if (start.serviceNumber) state = flowReducer(state, { type: 'edited', change: { serviceNumber: start.serviceNumber } });
  if (last === null) return state;
  const input = { consents: CONSENTS, identity: identitySchema.parse(identity) };
  for (const step of flowTables[start.flow].steps) {
    // The identity as typed, once its step is answered (the login popup offers its TC kimlik no).
    if (step.name === 'identity') state = flowReducer(state, { type: 'edited', change: { identity } });
    if (!step.visitor) {
      // The commitment summary, confirmed as the wizard would: the offer of this state and the site's settings.
      const settings = (await (await request.get(`${base}/api/v1/get-settings`)).json()) as { data: Settings };
      const { commitment } = offerOf(state, settings.data.products, settings.data.data.campaign, new Date());
      state = flowReducer(state, { type: 'edited', change: { commitment } });
      state = flowReducer(state, { type: 'answered', step: step.name, hash: undefined, now: Date.now(), formId: randomUUID(), local: true });
    } else {
      const answer = await step.visitor.send(make, state, input);
      state = flowReducer(state, { type: 'answered', step: step.name, hash: answer.hash, adds: answer.adds, now: Date.now(), formId: randomUUID() });
    }
    if (step.name === last) break;
  }
  return state;
}

/** A wizard as the tab stores it: its sessionStorage entry, and the path that opens it at the step after the last one answered. */
export interface StoredWizard {
  key: string;
  value: string;
  path: string;
}

const stored = (state: FlowState): StoredWizard => ({
  key: `basvuru:${state.flow}`,
  value: JSON.stringify(state),
  path: `/?basvuru=${flowTables[state.flow].param}&adim=${state.reached + 1}`,
});

/** Opens the wizard on a stored state, at the step after the last one answered, as a reload of the tab would. */
async function openOn(page: Page, state: FlowState, base = '') {
  const { key, value, path } = stored(state);
  // sessionStorage belongs to the site's origin: a first document of it, then the wizard. The
  // smallest one, robots.txt: a page would be rendered and hydrated for nothing, seconds on a busy machine.
  await page.goto(`${base}/robots.txt`);
  await page.evaluate(([key, value]) => sessionStorage.setItem(key, value), [key, value] as const);
  await page.goto(`${base}${path}`);
}

/**
 * Verifies a phone and a mail on the state's form with their real calls and the codes from the
 * outbox, as the contact step's popups do (e2e/support/wizard.ts verifyContact walks them).
 */
async function verifiedContact(request: APIRequestContext, state: FlowState, { base = '', sandboxBase }: Site, phone = randomPhone(), mail = randomMail()): Promise<FlowState> {
  const make = callMaker(request, base);
  const hash = (value: string | null | undefined) => {
    if (!value) throw new Error('a verification call without a form hash');
    return value;
  };
  const phoneRequest = await make('approvePhoneRequest', { form_security_hash: hash(state.formHash), phone });
  const phoneCheck = await make('approvePhone', {
    form_security_hash: hash(state.formHash),
    sms_hash: hash(phoneRequest.hash),
    phone,
    sms_code: await latestCode(phone, sandboxBase),
  });
  state = flowReducer(state, { type: 'verified', kind: 'phone', value: phone, hash: phoneCheck.hash, now: Date.now() });
  const mailRequest = await make('approveMailRequest', { form_security_hash: hash(state.formHash), mail });
  const mailCheck = await make('approveMail', {
    form_security_hash: hash(state.formHash),
    mail_hash: hash(mailRequest.hash),
    mail,
    mail_code: await latestCode(mail, sandboxBase),
  });
  return flowReducer(state, { type: 'verified', kind: 'mail', value: mail, hash: mailCheck.hash, now: Date.now() });
}

/**
 * A new application at its address step with `door` chosen and its infrastructure measured, nothing
 * sent yet: as the step stands once the six levels were picked (the cascade itself is walked by
 * application.spec.ts's own tests).
 */
export async function startAtAddress(page: Page, door = 'Daire 2', site: Site = {}) {
  await openOn(page, await answeredUpTo(page.request, null, { flow: 'new', door, productId: null, setupPriceIndex: null, person: newApplicant() }, site), site.base);
  await expect(page.getByRole('combobox', { name: 'İç Kapı No' })).toHaveValue(door);
}

/** A new application at its package step (the address answered), nothing chosen on it yet. */
export async function startAtPackage(page: Page, door = 'Daire 2') {
  await openOn(page, await answeredUpTo(page.request, 'address', { flow: 'new', door, productId: null, setupPriceIndex: null, person: newApplicant() }));
  await expect(page.getByRole('heading', { name: 'Paketinizi seçin' })).toBeVisible();
}

/** A new application at its identity step (address and package answered): `door`, Limitsiz Fiber 100, 12 X 150 TL. */
export async function startAtIdentity(page: Page, door = 'Daire 2', site: Site = {}) {
  await openOn(page, await answeredUpTo(page.request, 'package', { flow: 'new', door, productId: 1, setupPriceIndex: 1, person: newApplicant() }, site), site.base);
  await expect(page.getByRole('heading', { name: 'Nüfus bilgileriniz' })).toBeVisible();
}

/** A new application at its contact step (identity answered, the commitment summary confirmed), for `person`, with no campaign code. */
export async function startAtContact(page: Page, person: Identity = newApplicant()) {
  await openOn(page, await answeredUpTo(page.request, 'commitment', { flow: 'new', door: 'Daire 2', productId: 1, setupPriceIndex: 1, person }));
  await expect(page.getByRole('heading', { name: 'İletişim bilgileriniz' })).toBeVisible();
}

/**
 * A new application at its contact step with a phone and a mail verified (door 3, Limitsiz Fiber 100,
 * 12 X 150 TL): only the consents and 'Kaydı Tamamla' are left. Answers the person and the phone.
 */
export async function startReadyToFile(page: Page, site: Site = {}) {
  const person = newApplicant();
  const phone = randomPhone();
  const start = { flow: 'new', door: 'Daire 3', productId: 1, setupPriceIndex: 1, person } as const;
  await openOn(page, await verifiedContact(page.request, await answeredUpTo(page.request, 'commitment', start, site), site, phone), site.base);
  await expect(page.getByRole('heading', { name: 'İletişim bilgileriniz' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cep telefonu: Değiştir' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'E-posta: Değiştir' })).toBeVisible();
  return { person, phone };
}

/** A transfer at its identity step (service number, address and package answered): the first tariff of the line's type. */
export async function startTransferAtIdentity(page: Page, serviceNumber: string, door = 'Daire 3') {
  // The service number's prefix says the line (spec §9): 17… fibre, Limitsiz Fiber 100; 88… VDSL, Limitsiz VDSL 16.
  const productId = connectionTypeForServiceNumber(serviceNumber) === 2 ? 4 : 1;
  await openOn(page, await answeredUpTo(page.request, 'package', { flow: 'transfer', door, serviceNumber, productId, setupPriceIndex: null, person: newApplicant() }));
  await expect(page.getByRole('heading', { name: 'Nüfus bilgileriniz' })).toBeVisible();
}

/**
 * For a harness with a browser of its own (e2e/engines/): the wizard startAtContact or
 * startReadyToFile opens (a new application, Limitsiz Fiber 100, 12 X 150 TL), answered through
 * `request`, to be stored in that browser's sessionStorage and opened at `path`.
 */
export async function storedWizardAt(request: APIRequestContext, step: 'contact' | 'ready', person: Identity = newApplicant()): Promise<StoredWizard> {
  const start = { flow: 'new', door: step === 'ready' ? 'Daire 3' : 'Daire 2', productId: 1, setupPriceIndex: 1, person } as const;
  const state = await answeredUpTo(request, 'commitment', start);
  return stored(step === 'ready' ? await verifiedContact(request, state, {}) : state);
}
