import { describe, expect, it } from 'vitest';
import { campaignNationalityNumberProblem, codeProblem, codeRequest } from '@/lib/application/codes';

describe('the code box', () => {
  it('checks the code it holds: not empty, at most 32 characters, told in the box', () => {
    for (const kind of ['campaign', 'reference'] as const) {
      const key = kind === 'campaign' ? 'campaignCode' : 'referenceCode';
      expect(codeProblem(kind, '')).toBe(key);
      expect(codeProblem(kind, '   ')).toBe(key);
      expect(codeProblem(kind, 'K'.repeat(33))).toBe(key);
      expect(codeProblem(kind, 'K'.repeat(32))).toBeNull();
    }
  });

  it('checks the TC kimlik no a campaign code goes with by the code’s own messages, not the identity form’s', () => {
    expect(campaignNationalityNumberProblem('')).toBe('campaignNationalityNumber');
    expect(campaignNationalityNumberProblem('1234567890')).toBe('campaignNationalityNumber');
    expect(campaignNationalityNumberProblem('12345678901')).toBe('campaignNationalityNumberChecksum');
    expect(campaignNationalityNumberProblem('10000000146')).toBeNull();
  });

  it('builds the request from the form’s hash, the trimmed code and, for a campaign code only, the TC kimlik no', () => {
    expect(codeRequest('h3', 'campaign', ' KAMPANYA50 ', '10000000146')).toEqual({
      kind: 'campaign',
      code: 'KAMPANYA50',
      body: { form_security_hash: 'h3', campaign_code: 'KAMPANYA50', nationality_number: '10000000146' },
    });
    expect(codeRequest('h3', 'reference', 'REF1', '')).toEqual({ kind: 'reference', code: 'REF1', body: { form_security_hash: 'h3', reference_code: 'REF1' } });
    // A campaign code with no valid number is never built: its step says why first.
    expect(() => codeRequest('h3', 'campaign', 'KAMPANYA50', '')).toThrow();
  });
});
