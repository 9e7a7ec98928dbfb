import { describe, expect, it } from 'vitest';
import { nationalityOptions } from '@/lib/domain/countries';

const tr = { code: 'TR', name: 'Türkiye' };
const de = { code: 'DE', name: 'Almanya' };
const az = { code: 'AZ', name: 'Azerbaycan' };

describe('nationalityOptions (spec §7 countries, §9 default nationality TR)', () => {
  it('takes the countries call\'s list over the settings\' list', () => {
    expect(nationalityOptions([tr, de, az], [tr])).toEqual([tr, de, az]);
  });

  it('falls back to the settings\' list when the call answered nothing, an empty list or no list', () => {
    for (const failed of [null, undefined, [], { data: [] }, 'x']) expect(nationalityOptions(failed, [tr, de])).toEqual([tr, de]);
  });

  it('puts Türkiye first wherever a list has it, and adds it when neither list names it', () => {
    expect(nationalityOptions([de, tr, az], undefined)).toEqual([tr, de, az]);
    expect(nationalityOptions([de, az], [tr])).toEqual([tr, de, az]);
    expect(nationalityOptions(null, undefined)).toEqual([tr]);
  });

  it('keeps the upstream\'s name for Türkiye, each code once, and drops malformed entries', () => {
    expect(nationalityOptions([{ code: 'TR', name: 'Turkey' }, de, de, { code: '', name: 'x' }, { code: 'FR' }, null], [])).toEqual([{ code: 'TR', name: 'Turkey' }, de]);
  });
});
