import { describe, expect, it } from 'vitest';
import {
  addressBodySchema,
  addressLevels,
  infrastructureQuerySchema,
  infrastructureQueryTypes,
} from '@/lib/validation/address';
import en from '@/messages/en.json';
import tr from '@/messages/tr.json';

/** The first message of each refused field, in Turkish and English (unknown keys read as `invalid`). */
function refusals(body: unknown, schema: typeof infrastructureQuerySchema | typeof addressBodySchema = infrastructureQuerySchema) {
  const result = schema.safeParse(body);
  if (result.success) return null;
  const fields: Record<string, { tr: string; en: string }> = {};
  for (const issue of result.error.issues) {
    const key = issue.message as keyof typeof tr.validation;
    fields[issue.path.join('.')] ??= { tr: tr.validation[key] ?? tr.validation.invalid, en: en.validation[key] ?? en.validation.invalid };
  }
  return fields;
}

const REQUIRED = { tr: 'Bu alan zorunludur.', en: 'This field is required.' };
const INVALID = { tr: 'Lütfen değeri kontrol edin.', en: 'Please check the value.' };

describe('address levels', () => {
  it('§2 the eight levels of the cascade, in order: İl, İlçe, Bucak, Köy, Mahalle, Sokak/Cadde, Bina, İç Kapı No', () => {
    expect(addressLevels).toEqual(['province', 'district', 'township', 'village', 'neighborhood', 'street', 'building', 'floor']);
  });

  it('§7 infrastructure call types: city, district, township, village, neighborhood, street, building, apartment', () => {
    expect(infrastructureQueryTypes).toEqual(['city', 'district', 'township', 'village', 'neighborhood', 'street', 'building', 'apartment']);
  });
});

describe('infrastructureQuerySchema', () => {
  it('§7 infrastructure: a type and a parent id', () => {
    for (const type of infrastructureQueryTypes) {
      expect(infrastructureQuerySchema.parse({ type, parent_id: 34 })).toEqual({ type, parent_id: 34 });
    }
    expect(refusals({ type: 'country', parent_id: 34 })).toEqual({ type: INVALID });
    expect(refusals({ type: 'city' })).toEqual({ parent_id: REQUIRED });
    expect(refusals({ parent_id: 34 })).toEqual({ type: INVALID });
  });

  it('takes a parent id as a whole number from 0', () => {
    expect(infrastructureQuerySchema.parse({ type: 'city', parent_id: 0 }).parent_id).toBe(0);
    expect(refusals({ type: 'city', parent_id: -1 })).toEqual({ parent_id: INVALID });
    expect(refusals({ type: 'city', parent_id: 1.5 })).toEqual({ parent_id: REQUIRED });
    expect(refusals({ type: 'city', parent_id: true })).toEqual({ parent_id: REQUIRED });
    expect(refusals({ type: 'city', parent_id: null })).toEqual({ parent_id: REQUIRED });
  });

  it('takes a parent id as 1 to 64 letters, digits, underscores and dashes', () => {
    for (const id of ['a', '7000000001', 'bbk_12-a', '-', 'x'.repeat(64)]) {
      expect(infrastructureQuerySchema.parse({ type: 'apartment', parent_id: id }).parent_id).toBe(id);
    }
    for (const id of ['', 'x'.repeat(65), 'a b', ' a', 'a ', 'a/b', '../x', 'ş']) {
      expect(refusals({ type: 'apartment', parent_id: id }), JSON.stringify(id)).toEqual({ parent_id: INVALID });
    }
  });
});

describe('addressBodySchema', () => {
  const body = {
    address_province: 34,
    address_district: '1',
    address_township: 2,
    address_village: 3,
    address_neighborhood: 4,
    address_street: 5,
    address_building: 6,
    address_floor: 'door-7',
    address_bbk: '7000000001',
  };

  it('§5 address: all eight levels required before continuing, plus the BBK code', () => {
    expect(addressBodySchema.parse(body)).toEqual(body);
    expect(refusals({}, addressBodySchema)).toEqual(Object.fromEntries(Object.keys(body).map((field) => [field, REQUIRED])));
    for (const field of Object.keys(body)) {
      expect(refusals({ ...body, [field]: undefined }, addressBodySchema), field).toEqual({ [field]: REQUIRED });
      expect(refusals({ ...body, [field]: 'a b' }, addressBodySchema), field).toEqual({ [field]: INVALID });
    }
  });
});
