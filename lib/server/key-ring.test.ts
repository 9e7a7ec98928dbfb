import { describe, expect, it } from 'vitest';
import { KeyRingError, parseKeyRing, parseSecretList } from '@/lib/server/key-ring';

const a = 'a'.repeat(32);
const b = 'b'.repeat(40);

describe('parseKeyRing', () => {
  it('takes one secret as a ring of one, key 1', () => {
    expect(parseKeyRing(a)).toEqual({ sealing: { 1: a }, current: a, opening: { 1: a }, hashing: a });
    expect(parseKeyRing(`  ${a}\n`)).toEqual({ sealing: { 1: a }, current: a, opening: { 1: a }, hashing: a });
  });

  it('seals with the first key, opens with every key, hashes with the oldest through every step of a rotation', () => {
    expect(parseKeyRing(`1=${a} 2=${b}`)).toEqual({ sealing: { 1: a }, current: a, opening: { 1: a, 2: b }, hashing: a });
    expect(parseKeyRing(`2=${b}\n1=${a}`)).toEqual({ sealing: { 2: b }, current: b, opening: { 1: a, 2: b }, hashing: a });
    expect(parseKeyRing(`2=${b}`)).toEqual({ sealing: { 2: b }, current: b, opening: { 2: b }, hashing: b });
  });

  it('refuses a short key, a key listed twice, a number 0, and a list with something else in it', () => {
    for (const value of ['x'.repeat(31), `1=${'x'.repeat(31)}`, `1=${a} 1=${b}`, `0=${a}`, `1=${a} ${b}`, `${a} ${b}`]) {
      expect(() => parseKeyRing(value), value).toThrow(KeyRingError);
    }
  });
});

describe('parseSecretList', () => {
  it('takes one secret, or the new and the old while the caller changes', () => {
    expect(parseSecretList(a)).toEqual([a]);
    expect(parseSecretList(`${b} ${a}`)).toEqual([b, a]);
  });

  it('refuses a short secret and more than two', () => {
    expect(() => parseSecretList('x'.repeat(31))).toThrow(KeyRingError);
    expect(() => parseSecretList(`${a} ${b} ${a}`)).toThrow(KeyRingError);
  });
});
