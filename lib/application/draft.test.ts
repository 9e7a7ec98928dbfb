import { describe, expect, it } from 'vitest';
import type { InfrastructureResult, Product } from '@/lib/api/types';
import {
  addressBody,
  connectionTypeOf,
  firstMissingLevel,
  isOtherDistrict,
  OTHER_DISTRICT_VALUE,
  productsForConnection,
  queryTypeOfParent,
  selectAddressLevel,
} from '@/lib/application/draft';

const option = (value: number | string, text = String(value)) => ({ value, text });
const full = {
  province: option(34, 'İstanbul'),
  district: option(1, 'Kadıköy'),
  township: option(2, 'Merkez'),
  village: option(3, 'Merkez'),
  neighborhood: option(4, 'Moda'),
  street: option(5, 'Atatürk Caddesi'),
  building: option(6, 'No: 6'),
  floor: option('1234567890', 'Daire 1'),
};

const none = { central_status: null, port: null, down_speed: null, max_down_speed: null, max_speed: null };
const fiber = (set: boolean): InfrastructureResult['fiber'] =>
  set ? { central_status: 1, port: 1, status: 1, gbps: null, down_speed: 100000 } : { central_status: null, port: null, status: null, gbps: null, down_speed: null };

describe('address lists', () => {
  it('ask the infrastructure call for a level’s children by the type the address-call decision names (an apartment for the floor’s result)', () => {
    expect(queryTypeOfParent).toEqual({
      province: 'city',
      district: 'district',
      township: 'township',
      village: 'village',
      neighborhood: 'neighborhood',
      street: 'street',
      building: 'building',
      floor: 'apartment',
    });
  });
});

describe('address cascade', () => {
  it('clears every level below the one changed', () => {
    const changed = selectAddressLevel(full, 'district', option(9, 'Üsküdar'));
    expect(changed).toEqual({ province: full.province, district: { value: 9, text: 'Üsküdar' } });
    expect(firstMissingLevel(changed)).toBe('township');
  });

  it('keeps only the levels above that were chosen, adding no empty ones', () => {
    expect(Object.keys(selectAddressLevel({ province: full.province }, 'township', option(2, 'Merkez')))).toEqual(['province', 'township']);
  });

  it("§2 every district list has 'Diğer': no address can be built below it", () => {
    const other = selectAddressLevel(full, 'district', option(OTHER_DISTRICT_VALUE, 'Diğer'));
    expect(isOtherDistrict(other)).toBe(true);
    expect(isOtherDistrict(full)).toBe(false);
    expect(isOtherDistrict({})).toBe(false);
    // Even with every level filled in by hand, no register-step-1 body for it.
    expect(addressBody({ ...full, district: option(OTHER_DISTRICT_VALUE, 'Diğer') })).toBeNull();
    expect(addressBody(full)).not.toBeNull();
  });

  it('changing the province keeps nothing else', () => {
    expect(selectAddressLevel(full, 'province', option(6, 'Ankara'))).toEqual({ province: { value: 6, text: 'Ankara' } });
  });

  it('builds register-step-1 only from a complete address', () => {
    expect(addressBody({ ...full, floor: undefined })).toBeNull();
    expect(addressBody(full)).toEqual({
      address_province: 34,
      address_district: 1,
      address_township: 2,
      address_village: 3,
      address_neighborhood: 4,
      address_street: 5,
      address_building: 6,
      address_floor: '1234567890',
      address_bbk: '1234567890',
    });
    expect(firstMissingLevel(full)).toBeNull();
  });
});

describe('tariffs for a line', () => {
  const product = (id: number, connection_type: 1 | 2) =>
    ({ product_id: id, name: `P${id}`, speed: 100, price: 1, discount_price: null, connection_type, setup_prices: [] }) satisfies Product;

  it('offers fibre tariffs on fibre and VDSL tariffs on VDSL', () => {
    const products = [product(1, 1), product(2, 2), product(3, 1)];
    expect(productsForConnection(products, 1).map((p) => p.product_id)).toEqual([1, 3]);
    expect(productsForConnection(products, 2).map((p) => p.product_id)).toEqual([2]);
    expect(productsForConnection(products, null)).toEqual([]);
  });

  it('allows only fibre and VDSL lines', () => {
    expect(connectionTypeOf({ fiber: fiber(true), vdsl: none, adsl: none })).toBe(1);
    expect(connectionTypeOf({ fiber: fiber(false), vdsl: { ...none, central_status: 1, port: 2 }, adsl: none })).toBe(2);
    expect(connectionTypeOf({ fiber: fiber(false), vdsl: none, adsl: { ...none, central_status: 1, port: 2 } })).toBeNull();
    expect(connectionTypeOf(null)).toBeNull();
  });
});
