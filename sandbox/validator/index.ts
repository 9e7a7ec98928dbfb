/**
 * The generic schema validator of spec §5 ("Generic schema validator") with the codes of §8.
 * Framework-free: used by the sandbox API server and anything else that checks plain JSON payloads.
 *
 * Semantics (the spec leaves them open; these are the choices made here):
 * - A field is optional unless `required`. "Empty" means `undefined`, `null` or `''`.
 *   - required and the key is missing from the data entirely          -> 002
 *   - required and the key is present but its value is empty          -> 004
 *   - optional and the value is empty (or the key is missing)         -> skipped, no other check
 *   An empty array or object is not "empty"; use minLength for that.
 * - Keys in the data that the schema does not list -> 001, unless `allowUnknownKeys` (every level).
 * - The data (root) must be a plain object, else 000; a schema or rule that is not an object, or a
 *   'shape' rule without `shape`, is also 000 (the schema is unsuitable). An unknown `type` -> 003.
 *   These last cases only happen for schemas that did not go through `defineSchema`.
 * - 'string': typeof string. Lengths count Unicode code points. Checks in order: length (009),
 *   minLength (006), maxLength (007), pattern (016). A string pattern is compiled as written (not
 *   anchored implicitly); `g`/`y` flags are ignored so a shared RegExp never carries state.
 * - 'number': finite numbers only (typeof number, not NaN/±Infinity). Numeric strings such as "12"
 *   are refused with 008: the validator never converts, so a value that passes is really a number.
 *   `length` is the exact value (025), then min (017), max (018).
 * - 'unixtime': a non-negative safe integer, in seconds (015); then min (017), max (018).
 * - 'object': a plain object (010); key count via length/minLength/maxLength (024/022/023); an
 *   optional `shape` is then validated like a 'shape'.
 * - 'shape': a plain object (010) checked against the nested `shape` schema (same rules as the root).
 * - 'array': Array.isArray (011); item count via length/minLength/maxLength (021/019/020); `of` is
 *   applied to each item, whose path is `field[i]`.
 * - 'bool': typeof boolean (012). 'function': typeof function (013). 'any': any non-empty value.
 * - 'oneOf': strictly equal (===) to one of `items` (014).
 * - Field paths: nested keys are joined with dots (`address.province`), array items use `[i]`
 *   (`items[2].name`). Messages name the field by its `label`, or by the path when there is none.
 * - `validate` stops at the first failure, walking keys in schema order: unknown keys, then missing
 *   required keys, then each field's checks.
 */

import {
  definitionMessages,
  ROOT_FIELD_LABEL,
  validatorMessage,
  type ValidatorCode,
} from './messages';

export { validatorMessage, validatorMessages, ROOT_FIELD_LABEL } from './messages';
export type { ValidatorCode } from './messages';

export type RuleType =
  | 'string'
  | 'number'
  | 'unixtime'
  | 'object'
  | 'array'
  | 'bool'
  | 'any'
  | 'function'
  | 'oneOf'
  | 'shape';

export interface Rule {
  type: RuleType;
  /** Fields are optional unless required. */
  required?: boolean;
  /** Turkish field name used in messages; defaults to the field's path. */
  label?: string;
  /** String length; for arrays the item count (019-021); for objects the key count (022-024). */
  minLength?: number;
  maxLength?: number;
  /** Exact string length / item count / key count; for 'number' the exact value (025). */
  length?: number;
  /** Numeric value bounds (017/018) for 'number' and 'unixtime'. */
  min?: number;
  max?: number;
  /** For strings (016). */
  pattern?: string | RegExp;
  /** Allowed values, for 'oneOf' (014). */
  items?: readonly (string | number | boolean)[];
  /** Nested schema for 'shape' (and optionally for 'object'). */
  shape?: Schema;
  /** Rule applied to every item of an 'array'. */
  of?: Rule;
}

export type Schema = Record<string, Rule>;

export interface ValidateOptions {
  /** Accept keys the schema does not list, at every level (default false: they raise 001). */
  allowUnknownKeys?: boolean;
}

const RULE_TYPES: ReadonlySet<string> = new Set<RuleType>([
  'string',
  'number',
  'unixtime',
  'object',
  'array',
  'bool',
  'any',
  'function',
  'oneOf',
  'shape',
]);

/** A wrongly defined schema, found by `defineSchema`. The message is Turkish. */
export class SchemaDefinitionError extends Error {
  /** Path of the offending rule (`address.province`, `items[]`), absent for the schema itself. */
  readonly field?: string;

  constructor(text: string, field?: string) {
    super(field ? `${field}: ${text}` : text);
    this.name = 'SchemaDefinitionError';
    if (field !== undefined) this.field = field;
  }
}

/** A payload that does not satisfy its schema. `message` is the Turkish text of `code`. */
export class ValidationError extends Error {
  readonly status = 400 as const;
  readonly code: ValidatorCode;
  /** Path of the offending field; absent when the payload as a whole is at fault. */
  readonly field?: string;
  readonly params: Record<string, string | number>;

  /** `label` is the name the message uses; it defaults to the field path. */
  constructor(
    code: ValidatorCode,
    field?: string,
    params: Record<string, string | number> = {},
    label: string = field ?? ROOT_FIELD_LABEL,
  ) {
    super(validatorMessage(code, label, params));
    this.name = 'ValidationError';
    this.code = code;
    if (field !== undefined) this.field = field;
    this.params = params;
  }
}

// ---------------------------------------------------------------------------------------------
// helpers

type Bag = Record<string, unknown>;

function isPlainObject(value: unknown): value is Bag {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && !Number.isNaN(value);

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

const childPath = (parent: string | undefined, key: string) => (parent ? `${parent}.${key}` : key);

const labelOf = (rule: Bag, path: string) =>
  typeof rule.label === 'string' && rule.label !== '' ? rule.label : path;

function toRegExp(pattern: string | RegExp): RegExp {
  if (typeof pattern === 'string') return new RegExp(pattern);
  return pattern.global || pattern.sticky ? new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, '')) : pattern;
}

// ---------------------------------------------------------------------------------------------
// definition checks

function defineObject(schema: unknown, path: string | undefined): void {
  if (!isPlainObject(schema)) throw new SchemaDefinitionError(definitionMessages.schema, path);
  for (const [key, rule] of Object.entries(schema)) defineRule(rule, childPath(path, key));
}

function defineRule(rule: unknown, path: string): void {
  if (!isPlainObject(rule)) throw new SchemaDefinitionError(definitionMessages.rule, path);
  const fail = (text: string): never => {
    throw new SchemaDefinitionError(text, path);
  };
  const { type, length, minLength, maxLength, min, max, pattern, items, shape, of } = rule;

  if (type === undefined || type === null || type === '') fail(definitionMessages.typeRequired);
  if (typeof type !== 'string' || !RULE_TYPES.has(type)) fail(definitionMessages.typeUnknown(String(type)));

  if (length !== undefined && !isNumber(length)) fail(definitionMessages.lengthNumeric);
  if ((minLength !== undefined && !isNumber(minLength)) || (maxLength !== undefined && !isNumber(maxLength)))
    fail(definitionMessages.minMaxLengthNumeric);
  if ((min !== undefined && !isNumber(min)) || (max !== undefined && !isNumber(max)))
    fail(definitionMessages.minMaxNumeric);
  if (length !== undefined && [min, max, minLength, maxLength].some((bound) => bound !== undefined))
    fail(definitionMessages.lengthNotCombinable);
  if (isNumber(minLength) && isNumber(maxLength) && minLength > maxLength) fail(definitionMessages.minLengthAboveMax);
  if (isNumber(min) && isNumber(max) && min > max) fail(definitionMessages.minAboveMax);

  if (pattern !== undefined) {
    if (typeof pattern !== 'string' && !(pattern instanceof RegExp)) fail(definitionMessages.pattern);
    if (typeof pattern === 'string') {
      try {
        new RegExp(pattern);
      } catch {
        fail(definitionMessages.pattern);
      }
    }
  }

  if (type === 'oneOf') {
    const ok =
      Array.isArray(items) &&
      items.length > 0 &&
      items.every((item) => typeof item === 'string' || typeof item === 'boolean' || isNumber(item));
    if (!ok) fail(definitionMessages.oneOfItems);
  }

  if (type === 'shape' && shape === undefined) fail(definitionMessages.shape);
  if (shape !== undefined) {
    if (!isPlainObject(shape)) fail(definitionMessages.shape);
    defineObject(shape, path);
  }

  if (of !== undefined) {
    if (!isPlainObject(of)) fail(definitionMessages.of);
    defineRule(of, `${path}[]`);
  }
}

/**
 * Runs every definition check on `schema` (recursively through `shape` and `of`) and returns it
 * unchanged. Throws a SchemaDefinitionError naming the rule's path for the first problem found.
 */
export function defineSchema<S extends Schema>(schema: S): S {
  defineObject(schema, undefined);
  return schema;
}

// ---------------------------------------------------------------------------------------------
// data checks

function checkObject(
  schema: unknown,
  data: unknown,
  path: string | undefined,
  label: string,
  notObjectCode: '000' | '010',
  options: ValidateOptions,
): void {
  if (!isPlainObject(schema)) throw new ValidationError('000', path, {}, label);
  if (!isPlainObject(data)) throw new ValidationError(notObjectCode, path, {}, label);

  if (!options.allowUnknownKeys) {
    const unknown = Object.keys(data).filter((key) => !Object.hasOwn(schema, key));
    const first = unknown[0];
    if (first !== undefined) {
      const firstPath = childPath(path, first);
      throw new ValidationError('001', firstPath, { keys: unknown.map((key) => childPath(path, key)).join(', ') }, firstPath);
    }
  }

  const missing = Object.keys(schema).filter((key) => {
    const rule = schema[key];
    return isPlainObject(rule) && rule.required === true && !Object.hasOwn(data, key);
  });
  const firstMissing = missing[0];
  if (firstMissing !== undefined) {
    const missingPath = childPath(path, firstMissing);
    const rule = schema[firstMissing] as Bag;
    throw new ValidationError(
      '002',
      missingPath,
      { keys: missing.map((key) => childPath(path, key)).join(', ') },
      labelOf(rule, missingPath),
    );
  }

  for (const [key, rule] of Object.entries(schema)) {
    checkValue(rule, Object.hasOwn(data, key) ? data[key] : undefined, childPath(path, key), options);
  }
}

function checkCount(
  rule: Bag,
  count: number,
  path: string,
  label: string,
  codes: { length: ValidatorCode; minLength: ValidatorCode; maxLength: ValidatorCode },
): void {
  const { length, minLength, maxLength } = rule;
  if (isNumber(length) && count !== length) throw new ValidationError(codes.length, path, { length }, label);
  if (isNumber(minLength) && count < minLength) throw new ValidationError(codes.minLength, path, { minLength }, label);
  if (isNumber(maxLength) && count > maxLength) throw new ValidationError(codes.maxLength, path, { maxLength }, label);
}

function checkRange(rule: Bag, value: number, path: string, label: string): void {
  const { min, max } = rule;
  if (isNumber(min) && value < min) throw new ValidationError('017', path, { min }, label);
  if (isNumber(max) && value > max) throw new ValidationError('018', path, { max }, label);
}

function checkValue(rawRule: unknown, value: unknown, path: string, options: ValidateOptions): void {
  if (!isPlainObject(rawRule)) throw new ValidationError('000', path, {}, path);
  const rule = rawRule;
  const label = labelOf(rule, path);
  const fail = (code: ValidatorCode, params: Record<string, string | number> = {}): never => {
    throw new ValidationError(code, path, params, label);
  };

  if (isEmpty(value)) {
    if (rule.required === true) fail('004');
    return;
  }

  switch (rule.type) {
    case 'string': {
      if (typeof value !== 'string') return fail('005');
      checkCount(rule, [...value].length, path, label, { length: '009', minLength: '006', maxLength: '007' });
      const { pattern } = rule;
      if ((typeof pattern === 'string' || pattern instanceof RegExp) && !toRegExp(pattern).test(value)) fail('016');
      return;
    }
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return fail('008');
      if (isNumber(rule.length) && value !== rule.length) fail('025', { length: rule.length });
      checkRange(rule, value, path, label);
      return;
    }
    case 'unixtime': {
      if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) return fail('015');
      checkRange(rule, value, path, label);
      return;
    }
    case 'object':
    case 'shape': {
      if (!isPlainObject(value)) return fail('010');
      checkCount(rule, Object.keys(value).length, path, label, { length: '024', minLength: '022', maxLength: '023' });
      if (rule.type === 'shape' || rule.shape !== undefined) checkObject(rule.shape, value, path, label, '010', options);
      return;
    }
    case 'array': {
      if (!Array.isArray(value)) return fail('011');
      checkCount(rule, value.length, path, label, { length: '021', minLength: '019', maxLength: '020' });
      if (rule.of !== undefined) value.forEach((item: unknown, index) => checkValue(rule.of, item, `${path}[${index}]`, options));
      return;
    }
    case 'bool':
      if (typeof value !== 'boolean') fail('012');
      return;
    case 'function':
      if (typeof value !== 'function') fail('013');
      return;
    case 'any':
      return;
    case 'oneOf': {
      const { items } = rule;
      if (!Array.isArray(items)) return fail('000');
      if (!items.some((item) => item === value)) fail('014', { items: items.map(String).join(', ') });
      return;
    }
    default:
      fail('003', { type: String(rule.type) });
  }
}

/**
 * Checks `data` against `schema` and throws the first ValidationError found (status 400). Returns
 * nothing when the data is valid. See the header comment for the exact semantics.
 */
export function validate(schema: Schema, data: unknown, options: ValidateOptions = {}): void {
  checkObject(schema, data, undefined, ROOT_FIELD_LABEL, '000', options);
}
