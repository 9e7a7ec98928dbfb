import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { apiCalls } from '@/lib/api/calls';
import type { InfrastructureResult, Option } from '@/lib/api/types';
import { type Address, type Flow, queryTypeOfParent } from '@/lib/application/draft';
import { type CallMaker, emptyFlowState, flowReducer, flowTables, type FlowState, type StepName } from '@/lib/application/flow';
import { type IdentityForm, identitySchema } from '@/lib/validation/application';
import { addressLevels } from '@/lib/validation/address';
import { connectionTypeForServiceNumber } from '@/lib/domain/service-number';
import { bffPost } from './api';
import { CONSENTS } from './consents';
import { type Identity, newApplicant } from './wizard';

/**
 * An application at a later step without clicking the earlier ones, for tests about that step:
 * the earlier steps' real calls go through the backend-for-frontend with the wizard's own table
 * (lib/application/flow.ts), the reducer makes the state the wizard would have stored from their
 * answers, and the page opens the wizard on it. The address, package and identity steps themselves
 * are walked through the UI by application.spec.ts's new flow (and e2e/support/wizard.ts's helpers).
 */

/** Makes a described call as the client fetcher does (lib/api/client.ts): the envelope of a 200. */
const callMaker =
  (page: Page): CallMaker =>
  async (call, body) => {
    const response = await bffPost(page.request, apiCalls[call].path, body);
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
async function answeredUpTo(page: Page, last: StepName, start: Start): Promise<FlowState> {
  const make = callMaker(page);
  const { address, infrastructure } = await fixtureAddress(make, start.door);
  const identity = identityForm(start.person);
  const { productId, setupPriceIndex } = start;
  // Only the new flow's address step measures the door.
  const measured = flowTables[start.flow].checksCoverage ? infrastructure : null;
  let state = flowReducer(emptyFlowState(start.flow), { type: 'edited', change: { address, infrastructure: measured, productId, setupPriceIndex } });
  if (start.serviceNumber) state = flowReducer(state, { type: 'edited', change: { serviceNumber: start.serviceNumber } });
  if (last === 'identity') state = flowReducer(state, { type: 'edited', change: { identity } });
  const input = { consents: CONSENTS, identity: identitySchema.parse(identity) };
  for (const step of flowTables[start.flow].steps) {
    const answer = await step.visitor.send(make, state, input);
    state = flowReducer(state, { type: 'answered', step: step.name, hash: answer.hash, adds: answer.adds, now: Date.now(), formId: randomUUID() });
    if (step.name === last) break;
  }
  return state;
}

/** Opens the wizard on a stored state, at the step after the last one answered, as a reload of the tab would. */
async function openOn(page: Page, state: FlowState) {
  // sessionStorage belongs to the site's origin: a first page of it, then the wizard.
  await page.goto('/nasil-yapilir');
  await page.evaluate(([key, value]) => sessionStorage.setItem(key, value), [`basvuru:${state.flow}`, JSON.stringify(state)] as const);
  await page.goto(`/?basvuru=${flowTables[state.flow].param}&adim=${state.reached + 1}`);
}

/** A new application at its package step (the address answered), nothing chosen on it yet. */
export async function startAtPackage(page: Page, door = 'Daire 2') {
  await openOn(page, await answeredUpTo(page, 'address', { flow: 'new', door, productId: null, setupPriceIndex: null, person: newApplicant() }));
  await expect(page.getByRole('heading', { name: 'Paketinizi seçin' })).toBeVisible();
}

/** A new application at its identity step (address and package answered): `door`, Limitsiz Fiber 100, 12 X 150 TL. */
export async function startAtIdentity(page: Page, door = 'Daire 2') {
  await openOn(page, await answeredUpTo(page, 'package', { flow: 'new', door, productId: 1, setupPriceIndex: 1, person: newApplicant() }));
  await expect(page.getByRole('heading', { name: 'Nüfus bilgileriniz' })).toBeVisible();
}

/** A new application at its contact step (identity answered too), for `person`, with no campaign code. */
export async function startAtContact(page: Page, person: Identity = newApplicant()) {
  await openOn(page, await answeredUpTo(page, 'identity', { flow: 'new', door: 'Daire 2', productId: 1, setupPriceIndex: 1, person }));
  await expect(page.getByRole('heading', { name: 'İletişim bilgileriniz' })).toBeVisible();
}

/** A transfer at its identity step (service number, address and package answered): the first tariff of the line's type. */
export async function startTransferAtIdentity(page: Page, serviceNumber: string, door = 'Daire 3') {
  // The service number's prefix says the line (spec §9): 17… fibre, Limitsiz Fiber 100; 88… VDSL, Limitsiz VDSL 16.
  const productId = connectionTypeForServiceNumber(serviceNumber) === 2 ? 4 : 1;
  await openOn(page, await answeredUpTo(page, 'package', { flow: 'transfer', door, serviceNumber, productId, setupPriceIndex: null, person: newApplicant() }));
  await expect(page.getByRole('heading', { name: 'Nüfus bilgileriniz' })).toBeVisible();
}
