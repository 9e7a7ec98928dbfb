import type { InfrastructureResult, Option, Product } from '@/lib/api/types';
import { infrastructureOf } from '@/lib/domain/infrastructure';
import type { AddressBody, AddressLevel, InfrastructureQueryType } from '@/lib/validation/address';
import { addressLevels } from '@/lib/validation/address';

/**
 * What a visitor has entered in a wizard so far. It lives in sessionStorage (never localStorage),
 * so a reload resumes the wizard and closing the tab forgets it.
 */
export type Flow = 'new' | 'transfer';

export type Address = Partial<Record<AddressLevel, Option>>;

export interface ApplicationDraft {
  flow: Flow;
  /** The furthest step the visitor has reached (0-based); the URL may show an earlier one. */
  reached: number;
  formHash: string | null;
  address: Address;
  infrastructure: InfrastructureResult | null;
  productId: number | null;
  setupPriceIndex: number | null;
  campaignCode: string | null;
  referenceCode: string | null;
  phone: string | null;
  mail: string | null;
  /** Transfer only: the line's service number and the provider it is with now. */
  serviceNumber: string | null;
  currentCompany: string | null;
  /** The consents ticked before filing (their texts' versions go with the finishing call). */
  consents: { kvkk: boolean; contract: boolean; marketing: boolean };
  updatedAt: number;
}

export function emptyDraft(flow: Flow, now = Date.now()): ApplicationDraft {
  return {
    flow,
    reached: 0,
    formHash: null,
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
    consents: { kvkk: false, contract: false, marketing: false },
    updatedAt: now,
  };
}

/** The upstream's form hash lives 30 minutes; an older draft cannot be continued. */
export const DRAFT_LIFETIME_MS = 30 * 60 * 1000;

export function isDraftFresh(draft: ApplicationDraft, now = Date.now()): boolean {
  return now - draft.updatedAt < DRAFT_LIFETIME_MS;
}

/** The infrastructure call's `type` that lists the children of a level (DESIGN.md §4). */
export const queryTypeOfParent: Record<AddressLevel, InfrastructureQueryType> = {
  province: 'city',
  district: 'district',
  township: 'township',
  village: 'village',
  neighborhood: 'neighborhood',
  street: 'street',
  building: 'building',
  floor: 'apartment',
};

/** Levels whose single option is taken without asking (spec §2). */
export const autoSelectedLevels: readonly AddressLevel[] = ['district', 'township', 'village'];

/**
 * The 'Diğer' (other) option every district list ends with (spec §2): a district the list does not
 * have. No address below it can be asked for, so the step offers the contact form instead.
 */
export const OTHER_DISTRICT_VALUE = 'diger';

export const isOtherDistrict = (address: Address): boolean => address.district?.value === OTHER_DISTRICT_VALUE;

/** Picks an option at one level; every level below it is cleared, and so is the result. */
export function selectAddressLevel(address: Address, level: AddressLevel, option: Option): Address {
  const index = addressLevels.indexOf(level);
  const next: Address = {};
  for (const kept of addressLevels.slice(0, index)) if (address[kept]) next[kept] = address[kept];
  next[level] = option;
  return next;
}

/** The first level without a choice, or null when all eight are chosen. */
export function firstMissingLevel(address: Address): AddressLevel | null {
  return addressLevels.find((level) => !address[level]) ?? null;
}

/** register-step-1's nine fields; the inner door's value is its BBK code. */
export function addressBody(address: Address): AddressBody | null {
  if (firstMissingLevel(address) || isOtherDistrict(address)) return null;
  const id = (level: AddressLevel) => address[level]!.value;
  return {
    address_province: id('province'),
    address_district: id('district'),
    address_township: id('township'),
    address_village: id('village'),
    address_neighborhood: id('neighborhood'),
    address_street: id('street'),
    address_building: id('building'),
    address_floor: id('floor'),
    address_bbk: id('floor'),
  };
}

/** Tariffs that fit the line: fibre doors get fibre tariffs, VDSL doors VDSL ones. */
export function productsForConnection(products: readonly Product[], connectionType: 1 | 2 | 3 | null): Product[] {
  return products.filter((product) => product.connection_type === connectionType);
}

/** The connection type an address's infrastructure allows, or null when it is unsuitable. */
export function connectionTypeOf(infrastructure: InfrastructureResult | null): 1 | 2 | null {
  if (!infrastructure) return null;
  const { type, suitable } = infrastructureOf(infrastructure);
  return suitable ? (type as 1 | 2) : null;
}
