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

  it('drops the tag for every provider known to ignore tags, and only the tag', () => {
    const providers = ['outlook.com', 'hotmail.com', 'live.com', 'msn.com', 'icloud.com', 'me.com', 'mac.com', 'yandex.com', 'yandex.com.tr', 'fastmail.com', 'proton.me', 'protonmail.com'];
    for (const domain of providers) expect(mailTarget(`A.b+x+y@${domain.toUpperCase()}`), domain).toBe(`a.b@${domain}`);
  });

  it('counts Googlemail as Gmail, even for a one-letter mailbox', () => {
    expect(mailTarget('a@googlemail.com')).toBe('a@gmail.com');
  });

  it('takes what is no address as it is, in lower case', () => {
    expect(mailTarget(' No-Address ')).toBe('no-address');
    expect(mailTarget('@Gmail.com')).toBe('@gmail.com');
    // The last `@` starts the domain.
    expect(mailTarget('a.b@c@Gmail.com')).toBe('ab@c@gmail.com');
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
