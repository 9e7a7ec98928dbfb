import type { InfrastructureResult, Option, Product } from '@/lib/api/types';
import { infrastructureOf } from '@/lib/domain/infrastructure';
import type { AddressBody, AddressLevel, InfrastructureQueryType } from '@/lib/validation/address';
import { addressLevels } from '@/lib/validation/address';

export type Flow = 'new' | 'transfer';

export type Address = Partial<Record<AddressLevel, Option>>;

/** The infrastructure call's `type` that lists the children of a level
 * (docs/decisions/0010-where-the-spec-is-silent.md). */
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
