import { describe, expect, it } from 'vitest';
import { reviewStatusKey } from '@/lib/profile/review';

describe('reviewStatusKey', () => {
  it('names the four identity and company-document statuses of spec §4', () => {
    expect(reviewStatusKey(0)).toBe('notSent');
    expect(reviewStatusKey(1)).toBe('inApproval');
    expect(reviewStatusKey(2)).toBe('approved');
    expect(reviewStatusKey(3)).toBe('rejected');
  });

  it('answers unknown for anything else', () => {
    for (const status of [-1, 4, 200, Number.NaN]) expect(reviewStatusKey(status)).toBe('unknown');
  });
});
