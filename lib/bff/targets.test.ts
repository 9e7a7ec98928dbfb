import { describe, expect, it } from 'vitest';
import { mailTarget, phoneTarget } from '@/lib/bff/targets';

describe('mailTarget', () => {
  it('counts one Gmail mailbox once, however it is written', () => {
    for (const spelling of ['Victim@Gmail.com', 'v.ictim@gmail.com', 'victim+x@gmail.com', ' V.I.C.T.I.M+a+b@GOOGLEMAIL.com ']) {
      expect(mailTarget(spelling), spelling).toBe('victim@gmail.com');
    }
  });

  it('drops only the tag where the provider ignores tags but not dots', () => {
    expect(mailTarget('Ali.Veli+kampanya@Outlook.com')).toBe('ali.veli@outlook.com');
    expect(mailTarget('ali.veli@outlook.com')).not.toBe(mailTarget('aliveli@outlook.com'));
  });

  it('keeps dots and tags elsewhere, where they may name another mailbox', () => {
    expect(mailTarget('A.B+c@Example.com.tr')).toBe('a.b+c@example.com.tr');
  });
});

describe('phoneTarget', () => {
  it('is the digits', () => {
    expect(phoneTarget('+90 (532) 000 00 01')).toBe('905320000001');
  });
});
