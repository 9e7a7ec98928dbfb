import { describe, expect, it } from 'vitest';
import {
  defineSchema,
  ROOT_FIELD_LABEL,
  SchemaDefinitionError,
  validate,
  ValidationError,
  validatorMessage,
  validatorMessages,
  type Rule,
  type Schema,
  type ValidatorCode,
} from '@/sandbox/validator';

/** Runs `fn`, expects a ValidationError and checks its code, field and message contents. */
function expectFailure(
  fn: () => void,
  code: ValidatorCode,
  field: string | undefined,
  messageContains: readonly (string | number)[] = [],
): ValidationError {
  let caught: unknown;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(ValidationError);
  const error = caught as ValidationError;
  expect(error.code).toBe(code);
  expect(error.status).toBe(400);
  expect(error.field).toBe(field);
  expect(error.name).toBe('ValidationError');
  for (const text of messageContains) expect(error.message).toContain(String(text));
  expect(error.message).not.toMatch(/\[\[\w+\]\]/);
  return error;
}

/** Validates `{ [key]: value }` against a one-field schema. */
const one = (rule: Rule, value: unknown, key = 'alan') => () => validate({ [key]: rule }, { [key]: value });

describe('validate: one test per validator code', () => {
  it('000: the data is not a plain object', () => {
    const schema = { name: { type: 'string' } } satisfies Schema;
    expectFailure(() => validate(schema, null), '000', undefined, [ROOT_FIELD_LABEL]);
    expectFailure(() => validate(schema, 'text'), '000', undefined, [ROOT_FIELD_LABEL]);
    expectFailure(() => validate(schema, []), '000', undefined, [ROOT_FIELD_LABEL]);
    expectFailure(() => validate(schema, new Date()), '000', undefined, [ROOT_FIELD_LABEL]);
  });

  it('000: an unsuitable schema (not run through defineSchema)', () => {
    expectFailure(() => validate(null as unknown as Schema, {}), '000', undefined, [ROOT_FIELD_LABEL]);
    const noShape = { address: { type: 'shape', label: 'Adres' } } as Schema;
    expectFailure(() => validate(noShape, { address: {} }), '000', 'address', ['Adres']);
  });

  it('001: a key the schema does not list', () => {
    const schema = { name: { type: 'string' } } satisfies Schema;
    const error = expectFailure(() => validate(schema, { name: 'a', token: 'x', other: 1 }), '001', 'token', ['token']);
    expect(error.params).toEqual({ keys: 'token, other' });
    expect(() => validate(schema, { name: 'a', token: 'x' }, { allowUnknownKeys: true })).not.toThrow();
  });

  it('002: a required key is missing', () => {
    const schema = {
      fullname: { type: 'string', required: true, label: 'Ad Soyad' },
      phone: { type: 'string', required: true },
    } satisfies Schema;
    const error = expectFailure(() => validate(schema, {}), '002', 'fullname', ['Ad Soyad']);
    expect(error.params).toEqual({ keys: 'fullname, phone' });
    expectFailure(() => validate(schema, { fullname: 'Ali' }), '002', 'phone', ['phone']);
  });

  it('003: an unknown validation type', () => {
    const schema = { when: { type: 'date' } } as unknown as Schema;
    const error = expectFailure(() => validate(schema, { when: 1 }), '003', 'when', ['when', 'date']);
    expect(error.params).toEqual({ type: 'date' });
  });

  it('004: a required value is empty', () => {
    const rule: Rule = { type: 'string', required: true, label: 'Ad Soyad' };
    for (const empty of ['', null, undefined]) expectFailure(one(rule, empty, 'fullname'), '004', 'fullname', ['Ad Soyad']);
    expectFailure(one({ type: 'any', required: true }, null, 'x'), '004', 'x', ['x']);
  });

  it('005: not a string', () => {
    expectFailure(one({ type: 'string', label: 'Ad' }, 12, 'name'), '005', 'name', ['Ad']);
  });

  it('006: shorter than minLength', () => {
    const error = expectFailure(one({ type: 'string', minLength: 3, label: 'Ad' }, 'ab', 'name'), '006', 'name', ['Ad', 3]);
    expect(error.params).toEqual({ minLength: 3 });
    expect(error.message).toBe('Ad en az 3 karakter olmalıdır.');
  });

  it('007: longer than maxLength', () => {
    const error = expectFailure(one({ type: 'string', maxLength: 100, label: 'Ad Soyad' }, 'a'.repeat(101), 'fullname'), '007', 'fullname', [
      'Ad Soyad',
      100,
    ]);
    expect(error.params).toEqual({ maxLength: 100 });
  });

  it('008: not numeric (finite numbers only, numeric strings refused)', () => {
    for (const value of ['12', Number.NaN, Number.POSITIVE_INFINITY, true, {}])
      expectFailure(one({ type: 'number', label: 'Fiyat' }, value, 'price'), '008', 'price', ['Fiyat']);
    expect(one({ type: 'number' }, 12.5)).not.toThrow();
    expect(one({ type: 'number' }, 0)).not.toThrow();
    expect(one({ type: 'number' }, -3)).not.toThrow();
  });

  it('009: wrong exact string length', () => {
    const error = expectFailure(one({ type: 'string', length: 11, label: 'TC Kimlik No' }, '1234', 'tc'), '009', 'tc', ['TC Kimlik No', 11]);
    expect(error.params).toEqual({ length: 11 });
  });

  it('010: not an object', () => {
    expectFailure(one({ type: 'object', label: 'Detaylar' }, [], 'details'), '010', 'details', ['Detaylar']);
    expectFailure(one({ type: 'shape', shape: {}, label: 'Adres' }, 'x', 'address'), '010', 'address', ['Adres']);
  });

  it('011: not an array', () => {
    expectFailure(one({ type: 'array', label: 'Dosyalar' }, { 0: 'a' }, 'files'), '011', 'files', ['Dosyalar']);
  });

  it('012: not a boolean', () => {
    expectFailure(one({ type: 'bool', label: 'Onay' }, 'true', 'approved'), '012', 'approved', ['Onay']);
    expectFailure(one({ type: 'bool' }, 1, 'approved'), '012', 'approved', ['approved']);
    expect(one({ type: 'bool', required: true }, false)).not.toThrow();
  });

  it('013: not a function', () => {
    expectFailure(one({ type: 'function', label: 'Geri çağırma' }, 'fn', 'callback'), '013', 'callback', ['Geri çağırma']);
    expect(one({ type: 'function' }, () => 1)).not.toThrow();
  });

  it('014: not one of the allowed items (strict equality)', () => {
    const rule: Rule = { type: 'oneOf', items: [1, 2], label: 'Cinsiyet' };
    const error = expectFailure(one(rule, 3, 'gender'), '014', 'gender', ['Cinsiyet', '1, 2']);
    expect(error.params).toEqual({ items: '1, 2' });
    expectFailure(one(rule, '1', 'gender'), '014', 'gender', ['Cinsiyet']);
    expect(one(rule, 2)).not.toThrow();
  });

  it('015: invalid unixtime (non-negative integer seconds)', () => {
    for (const value of [-1, 1.5, '1700000000', Number.NaN, 2 ** 60])
      expectFailure(one({ type: 'unixtime', label: 'Oluşturma zamanı' }, value, 'created'), '015', 'created', ['Oluşturma zamanı']);
    expect(one({ type: 'unixtime' }, 0)).not.toThrow();
    expect(one({ type: 'unixtime' }, 1_700_000_000)).not.toThrow();
  });

  it('016: pattern mismatch', () => {
    const error = expectFailure(one({ type: 'string', pattern: /^\d{6}$/, label: 'Onay kodu' }, '12345a', 'code'), '016', 'code', [
      'Onay kodu',
      'lütfen değeri kontrol edin',
    ]);
    expect(error.params).toEqual({});
    expectFailure(one({ type: 'string', pattern: '^[a-z]+$' }, 'ABC', 'code'), '016', 'code', ['code']);
    expect(one({ type: 'string', pattern: '^[a-z]+$' }, 'abc')).not.toThrow();
  });

  it('016: a global RegExp never carries state between calls', () => {
    const rule: Rule = { type: 'string', pattern: /^\d+$/g };
    for (let i = 0; i < 3; i += 1) expect(one(rule, '123')).not.toThrow();
  });

  it('017: below min', () => {
    const error = expectFailure(one({ type: 'number', min: 1, label: 'Adet' }, 0, 'count'), '017', 'count', ['Adet', 1]);
    expect(error.params).toEqual({ min: 1 });
    expectFailure(one({ type: 'unixtime', min: 1000 }, 999, 'at'), '017', 'at', ['at', 1000]);
  });

  it('018: above max', () => {
    const error = expectFailure(one({ type: 'number', max: 2, label: 'Cinsiyet' }, 3, 'gender'), '018', 'gender', ['Cinsiyet', 2]);
    expect(error.params).toEqual({ max: 2 });
    expectFailure(one({ type: 'unixtime', max: 1000 }, 1001, 'at'), '018', 'at', ['at', 1000]);
  });

  it('019: too few array items', () => {
    const error = expectFailure(one({ type: 'array', minLength: 2, label: 'Dosyalar' }, ['a'], 'files'), '019', 'files', ['Dosyalar', 2]);
    expect(error.params).toEqual({ minLength: 2 });
  });

  it('020: too many array items', () => {
    const error = expectFailure(one({ type: 'array', maxLength: 2, label: 'Dosyalar' }, [1, 2, 3], 'files'), '020', 'files', ['Dosyalar', 2]);
    expect(error.params).toEqual({ maxLength: 2 });
  });

  it('021: wrong exact array item count', () => {
    const error = expectFailure(one({ type: 'array', length: 2, label: 'Kimlik görselleri' }, [1], 'images'), '021', 'images', [
      'Kimlik görselleri',
      2,
    ]);
    expect(error.params).toEqual({ length: 2 });
  });

  it('022: too few object keys', () => {
    const error = expectFailure(one({ type: 'object', minLength: 2, label: 'Detaylar' }, { a: 1 }, 'details'), '022', 'details', ['Detaylar', 2]);
    expect(error.params).toEqual({ minLength: 2 });
  });

  it('023: too many object keys', () => {
    const error = expectFailure(one({ type: 'object', maxLength: 1, label: 'Detaylar' }, { a: 1, b: 2 }, 'details'), '023', 'details', [
      'Detaylar',
      1,
    ]);
    expect(error.params).toEqual({ maxLength: 1 });
  });

  it('024: wrong exact object key count', () => {
    const error = expectFailure(one({ type: 'object', length: 3, label: 'Detaylar' }, { a: 1 }, 'details'), '024', 'details', ['Detaylar', 3]);
    expect(error.params).toEqual({ length: 3 });
  });

  it('025: wrong exact number', () => {
    const error = expectFailure(one({ type: 'number', length: 1, label: 'Abonelik türü' }, 2, 'subscription_type'), '025', 'subscription_type', [
      'Abonelik türü',
      1,
    ]);
    expect(error.params).toEqual({ length: 1 });
    expect(one({ type: 'number', length: 1 }, 1)).not.toThrow();
  });
});

describe('validate: semantics', () => {
  it('skips optional fields that are absent or empty', () => {
    const schema = defineSchema({
      note: { type: 'string', minLength: 3 },
      count: { type: 'number' },
      tags: { type: 'array' },
    });
    expect(() => validate(schema, {})).not.toThrow();
    expect(() => validate(schema, { note: '', count: null, tags: undefined })).not.toThrow();
  });

  it('passes a valid payload', () => {
    const schema = defineSchema({
      fullname: { type: 'string', required: true, maxLength: 100 },
      gender: { type: 'oneOf', items: [1, 2], required: true },
      approved: { type: 'bool' },
      anything: { type: 'any' },
      meta: { type: 'object' },
    });
    expect(() =>
      validate(schema, { fullname: 'Ayşe Yılmaz', gender: 2, approved: true, anything: [1], meta: { free: 'x' } }),
    ).not.toThrow();
  });

  it('counts string length in code points', () => {
    expect(one({ type: 'string', length: 2 }, '😀ş')).not.toThrow();
  });

  it('reports the first failure in order: unknown keys, missing keys, then fields in schema order', () => {
    const schema = defineSchema({
      a: { type: 'string', required: true },
      b: { type: 'number' },
      c: { type: 'number' },
    });
    expectFailure(() => validate(schema, { x: 1, b: 'no' }), '001', 'x');
    expectFailure(() => validate(schema, { b: 'no' }), '002', 'a');
    expectFailure(() => validate(schema, { a: 'ok', c: 'no', b: 'no' }), '008', 'b');
  });
});

describe('validate: nested paths', () => {
  const schema = defineSchema({
    address: {
      type: 'shape',
      required: true,
      label: 'Adres',
      shape: {
        province: { type: 'string', required: true, label: 'İl' },
        district: { type: 'string', required: true },
        geo: { type: 'shape', shape: { lat: { type: 'number', min: -90, max: 90 } } },
      },
    },
    items: {
      type: 'array',
      of: { type: 'shape', shape: { name: { type: 'string', required: true, minLength: 2 } } },
    },
    codes: { type: 'array', of: { type: 'string', pattern: /^\d{6}$/ } },
    details: { type: 'object', shape: { id: { type: 'number', required: true } } },
  });

  const valid = { address: { province: 'İstanbul', district: 'Kadıköy' } };

  it('accepts valid nested data', () => {
    expect(() =>
      validate(schema, {
        address: { province: 'İstanbul', district: 'Kadıköy', geo: { lat: 41 } },
        items: [{ name: 'modem' }],
        codes: ['123456'],
        details: { id: 7 },
      }),
    ).not.toThrow();
  });

  it('names nested shape fields with dots', () => {
    expectFailure(() => validate(schema, { address: { district: 'Kadıköy' } }), '002', 'address.province', ['İl']);
    expectFailure(() => validate(schema, { address: { province: '', district: 'Kadıköy' } }), '004', 'address.province', ['İl']);
    expectFailure(() => validate(schema, { address: { province: 'İstanbul', district: 5 } }), '005', 'address.district', [
      'address.district',
    ]);
    expectFailure(() => validate(schema, { address: { ...valid.address, geo: { lat: 91 } } }), '018', 'address.geo.lat', [
      'address.geo.lat',
      90,
    ]);
    expectFailure(() => validate(schema, { address: { ...valid.address, zip: '34000' } }), '001', 'address.zip', ['address.zip']);
    expect(() => validate(schema, { address: { ...valid.address, zip: '34000' } }, { allowUnknownKeys: true })).not.toThrow();
  });

  it('names array items with [i]', () => {
    expectFailure(() => validate(schema, { ...valid, codes: ['123456', '654321', '12'] }), '016', 'codes[2]', ['codes[2]']);
    expectFailure(() => validate(schema, { ...valid, items: [{ name: 'ab' }, { name: 'a' }] }), '006', 'items[1].name', [
      'items[1].name',
      2,
    ]);
    expectFailure(() => validate(schema, { ...valid, items: [{ name: 'ab' }, 'x'] }), '010', 'items[1]', ['items[1]']);
    expectFailure(() => validate(schema, { ...valid, items: [{}] }), '002', 'items[0].name', ['items[0].name']);
  });

  it('applies an object rule’s optional shape', () => {
    expectFailure(() => validate(schema, { ...valid, details: {} }), '002', 'details.id', ['details.id']);
  });
});

describe('validatorMessage', () => {
  it('has a Turkish message for every code 000-025, each naming the field', () => {
    const codes = Array.from({ length: 26 }, (_, i) => String(i).padStart(3, '0'));
    expect(Object.keys(validatorMessages).sort()).toEqual(codes);
    for (const template of Object.values(validatorMessages)) expect(template).toContain('[[field]]');
  });

  it('substitutes the field and params, leaving unknown placeholders visible', () => {
    expect(validatorMessage('006', 'Şifre', { minLength: 6 })).toBe('Şifre en az 6 karakter olmalıdır.');
    expect(validatorMessage('017', 'Tutar', { min: 0.5 })).toBe('Tutar en az 0.5 olmalıdır.');
    expect(validatorMessage('006', 'Şifre')).toBe('Şifre en az [[minLength]] karakter olmalıdır.');
  });
});

describe('defineSchema: definition checks', () => {
  /** Expects defineSchema to refuse `schema` with a Turkish message containing `text`. */
  function expectDefinitionError(schema: unknown, text: string | RegExp, field?: string) {
    let caught: unknown;
    try {
      defineSchema(schema as Schema);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SchemaDefinitionError);
    const error = caught as SchemaDefinitionError;
    expect(error.message).toMatch(text);
    expect(error.field).toBe(field);
    return error;
  }

  it('returns the schema unchanged', () => {
    const schema = { name: { type: 'string', minLength: 1, maxLength: 5 } } satisfies Schema;
    expect(defineSchema(schema)).toBe(schema);
  });

  it('the schema must be an object', () => {
    expectDefinitionError(null, 'Şema hatası');
    expectDefinitionError([], 'Şema hatası');
    expectDefinitionError({ name: 'string' }, 'Şema hatası', 'name');
  });

  it('a type must be set', () => {
    expectDefinitionError({ name: { required: true } }, 'Doğrulama türü (type) belirtilmelidir', 'name');
  });

  it('the type must be known', () => {
    expectDefinitionError({ name: { type: 'date' } }, 'Bilinmeyen doğrulama türü: date', 'name');
  });

  it('length must be a number', () => {
    expectDefinitionError({ tc: { type: 'string', length: '11' } }, 'length değeri sayı olmalıdır', 'tc');
  });

  it('minLength and maxLength must be numbers', () => {
    expectDefinitionError({ a: { type: 'string', minLength: '1' } }, 'minLength ve maxLength değerleri sayı olmalıdır', 'a');
    expectDefinitionError({ a: { type: 'string', maxLength: Number.NaN } }, 'minLength ve maxLength değerleri sayı olmalıdır', 'a');
  });

  it('min and max must be numbers', () => {
    expectDefinitionError({ a: { type: 'number', min: '0' } }, 'min ve max değerleri sayı olmalıdır', 'a');
    expectDefinitionError({ a: { type: 'number', max: null } }, 'min ve max değerleri sayı olmalıdır', 'a');
  });

  it('the pattern must be a string or a RegExp', () => {
    expectDefinitionError({ a: { type: 'string', pattern: 5 } }, 'pattern bir metin', 'a');
    expectDefinitionError({ a: { type: 'string', pattern: '([a-z' } }, 'pattern bir metin', 'a');
    expect(() => defineSchema({ a: { type: 'string', pattern: '^a$' }, b: { type: 'string', pattern: /^b$/ } })).not.toThrow();
  });

  it('length cannot be combined with min, max, minLength or maxLength', () => {
    for (const bound of ['min', 'max', 'minLength', 'maxLength'])
      expectDefinitionError({ a: { type: 'number', length: 1, [bound]: 0 } }, 'birlikte kullanılamaz', 'a');
  });

  it('minLength cannot exceed maxLength', () => {
    expectDefinitionError({ a: { type: 'string', minLength: 5, maxLength: 4 } }, 'minLength, maxLength değerinden büyük olamaz', 'a');
    expect(() => defineSchema({ a: { type: 'string', minLength: 4, maxLength: 4 } })).not.toThrow();
  });

  it('min cannot exceed max', () => {
    expectDefinitionError({ a: { type: 'number', min: 2, max: 1 } }, 'min, max değerinden büyük olamaz', 'a');
  });

  it('oneOf items must be a non-empty array of string, boolean or number', () => {
    const text = 'oneOf için items';
    expectDefinitionError({ a: { type: 'oneOf' } }, text, 'a');
    expectDefinitionError({ a: { type: 'oneOf', items: [] } }, text, 'a');
    expectDefinitionError({ a: { type: 'oneOf', items: 'ab' } }, text, 'a');
    expectDefinitionError({ a: { type: 'oneOf', items: [1, null] } }, text, 'a');
    expectDefinitionError({ a: { type: 'oneOf', items: [{}] } }, text, 'a');
    expect(() => defineSchema({ a: { type: 'oneOf', items: ['x', 1, true] } })).not.toThrow();
  });

  it('shape must be an object schema, checked recursively', () => {
    expectDefinitionError({ address: { type: 'shape' } }, 'shape, iç içe bir şema nesnesi olmalıdır', 'address');
    expectDefinitionError({ address: { type: 'shape', shape: 'x' } }, 'shape, iç içe bir şema nesnesi olmalıdır', 'address');
    const error = expectDefinitionError(
      { address: { type: 'shape', shape: { province: { type: 'string', minLength: 3, maxLength: 2 } } } },
      'minLength, maxLength',
      'address.province',
    );
    expect(error.message.startsWith('address.province: ')).toBe(true);
  });

  it('an array’s `of` rule is checked recursively', () => {
    expectDefinitionError({ items: { type: 'array', of: 'string' } }, 'of, dizinin', 'items');
    expectDefinitionError({ items: { type: 'array', of: { type: 'oneOf', items: [] } } }, 'oneOf için items', 'items[]');
  });
});
