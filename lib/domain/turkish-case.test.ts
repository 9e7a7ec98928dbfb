import { describe, expect, it } from 'vitest';
import { turkishLowerCase, turkishUpperCase } from '@/lib/domain/turkish-case';

describe('turkishLowerCase', () => {
  it('maps I to ı and İ to i', () => {
    expect(turkishLowerCase('IŞIK')).toBe('ışık');
    expect(turkishLowerCase('İSTANBUL')).toBe('istanbul');
    expect(turkishLowerCase('İstanbul')).toBe('istanbul');
    expect(turkishLowerCase('ÇĞÖŞÜ')).toBe('çğöşü');
  });

  it('never leaves a combining dot', () => {
    expect(turkishLowerCase('İ')).toHaveLength(1);
  });

  it('handles the empty string', () => {
    expect(turkishLowerCase('')).toBe('');
  });
});

describe('turkishUpperCase', () => {
  it('maps i to İ and ı to I', () => {
    expect(turkishUpperCase('ilker ışık')).toBe('İLKER IŞIK');
    expect(turkishUpperCase('çğöşü')).toBe('ÇĞÖŞÜ');
    expect(turkishUpperCase('')).toBe('');
  });
});
