import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addressKey, networkKeys, plainAddress } from '@/lib/bff/client-ip';

/**
 * The budgets as the backend-for-frontend spends them (lib/bff/budget-plan.ts), on this process's
 * memory store: identity checks count different TC numbers, the owner's browser has a bucket of
 * its own, and the refusal names the wait.
 */
let plan: typeof import('@/lib/bff/budget-plan');
let rateLimit: typeof import('@/lib/bff/rate-limit');
let device: typeof import('@/lib/bff/device');

beforeAll(async () => {
  Object.assign(process.env, { SESSION_SECRET: 'q'.repeat(40), LOG_LEVEL: 'silent', RATE_LIMIT_FACTOR: '1' });
  plan = await import('@/lib/bff/budget-plan');
  rateLimit = await import('@/lib/bff/rate-limit');
  device = await import('@/lib/bff/device');
});

afterEach(() => {
  rateLimit.resetRateLimitsForTests();
  vi.useRealTimers();
});

const caller = (ip: string, extra: Partial<import('@/lib/bff/budget-plan').Caller> = {}) => ({ ip, device: null, ...extra });
const tc = (n: number) => String(10_000_000_000 + n);

describe('identity checks', () => {
  it('learns at most 10 TC numbers an hour from one address, whatever the browser', async () => {
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await plan.spendBudgets('authStart', { nationality_number: tc(i) }, caller('203.0.113.7', { browser: `b${i}` })));
    expect(answers.filter((wait) => wait === null)).toHaveLength(10);
    // The per-target code budget is not what stopped them: each number was asked once.
    const wait = answers.at(-1)!;
    expect(wait).toBeGreaterThan(600);
    expect(wait).toBeLessThanOrEqual(3600);
  });

  it('does not spend more on the same number asked again (a customer retrying)', async () => {
    for (let i = 0; i < 5; i++) expect(await plan.spendBudgets('registerStep3', { nationality_number: tc(1) }, caller('203.0.113.8'))).toBeNull();
    for (let i = 2; i <= 10; i++) expect(await plan.spendBudgets('registerStep3', { nationality_number: tc(i) }, caller('203.0.113.8'))).toBeNull();
    expect(await plan.spendBudgets('registerStep3', { nationality_number: tc(11) }, caller('203.0.113.8'))).not.toBeNull();
    // register-step-3, transfer-register-step-4 and auth-start share the budget.
    expect(await plan.spendBudgets('authStart', { nationality_number: tc(12) }, caller('203.0.113.8'))).not.toBeNull();
    expect(await plan.spendBudgets('transferRegisterStep4', { nationality_number: tc(13) }, caller('203.0.113.8'))).not.toBeNull();
  });

  it('counts a browser on its own (5 numbers), beside its address', async () => {
    const results = [];
    for (let i = 0; i < 7; i++) results.push(await plan.spendBudgets('registerStep3', { nationality_number: tc(i) }, caller(`198.51.100.${i}`, { browser: 'one-browser' })));
    expect(results.map((wait) => wait === null)).toEqual([true, true, true, true, true, false, false]);
  });
});

describe('networks', () => {
  /** An address in /64 number `subnet` of /48 number `site`, all in 2001:db8::/32. */
  const v6 = (site: number, subnet: number) => `2001:db8:${site.toString(16)}:${subnet.toString(16)}::1`;

  it('an IPv4 /24 learns at most 30 TC numbers an hour, however many of its addresses it rotates through', async () => {
    const answers = [];
    for (let i = 0; i < 60; i++) answers.push(await plan.spendBudgets('authStart', { nationality_number: tc(i) }, caller(`198.51.100.${i}`, { browser: `b${i}` })));
    expect(answers.filter((wait) => wait === null)).toHaveLength(30);
    // Another network is another budget.
    expect(await plan.spendBudgets('authStart', { nationality_number: tc(99) }, caller('198.51.101.1'))).toBeNull();
  });

  it('an IPv6 /48 learns at most 30, and a /32 at most 100, from a new /64 each time', async () => {
    const inOneSite = [];
    for (let i = 0; i < 40; i++) inOneSite.push(await plan.spendBudgets('registerStep3', { nationality_number: tc(i) }, caller(v6(1, i))));
    expect(inOneSite.filter((wait) => wait === null)).toHaveLength(30);
    const acrossSites = [];
    for (let i = 0; i < 150; i++) acrossSites.push(await plan.spendBudgets('registerStep3', { nationality_number: tc(1000 + i) }, caller(v6(2 + Math.floor(i / 20), i))));
    // 30 came from site 1 already: 70 more from the other sites of the /32.
    expect(acrossSites.filter((wait) => wait === null)).toHaveLength(70);
  });

  it('codes asked for from one /24: 60 in 10 minutes, whatever the addresses and targets', async () => {
    const answers = [];
    for (let i = 0; i < 80; i++) answers.push(await plan.spendBudgets('approvePhoneRequest', { phone: `+90 (532) 000 ${String(100 + i).slice(-3)} 00` }, caller(`203.0.113.${i % 40}`)));
    expect(answers.filter((wait) => wait === null)).toHaveLength(60);
  });

  it('names the networks of an address', () => {
    expect(networkKeys('203.0.113.7')).toEqual({ network: '203.0.113.0/24' });
    expect(networkKeys('::ffff:203.0.113.7')).toEqual({ network: '203.0.113.0/24' });
    expect(networkKeys('2001:db8:abcd:12::1')).toEqual({ network: '2001:db8:abcd::/48', wide: '2001:db8::/32' });
    expect(networkKeys('unknown')).toBeUndefined();
  });
});

describe('one target, one budget', () => {
  it('counts a Gmail mailbox once however it is spelled', async () => {
    const spellings = ['Victim@Gmail.com', 'v.ictim@gmail.com', 'victim+x@gmail.com', 'vic.tim+y@googlemail.com', 'VICTIM@gmail.com', 'v.i.ctim@gmail.com'];
    const answers = [];
    for (const [i, mail] of spellings.entries()) answers.push(await plan.spendBudgets('approveMailRequest', { mail }, caller(`192.0.2.${i + 1}`)));
    expect(answers.map((wait) => wait === null)).toEqual([true, true, true, true, true, false]);
  });
});

describe('codes sent', () => {
  it('sends at most 5 codes to one phone in 10 minutes and 20 a day, from any number of addresses', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-05T08:00:00Z'), toFake: ['Date'] });
    let sent = 0;
    for (let round = 0; round < 24 * 6; round++) {
      for (let i = 0; i < 10; i++) {
        const wait = await plan.spendBudgets('approvePhoneRequest', { phone: '+90 (532) 000 00 01' }, caller(`10.${round}.0.${i}`));
        if (wait === null) sent += 1;
      }
      if (round === 0) expect(sent).toBe(5);
      vi.setSystemTime(Date.now() + 10 * 60_000);
    }
    expect(sent).toBe(20);
  });

  it('gives the owner’s browser its own bucket: a flood elsewhere does not lock it out', async () => {
    const owner = tc(146);
    for (let i = 0; i < 40; i++) await plan.spendBudgets('authStart', { nationality_number: owner }, caller(`192.0.2.${i}`));
    expect(await plan.spendBudgets('authStart', { nationality_number: owner }, caller('198.18.0.1'))).not.toBeNull();
    // A browser that logged in with this number before: its sealed cookie names it.
    const cookie = await device.deviceCookieAfterLogin(null, owner);
    const request = new Request('http://site.test/', { headers: { cookie: cookie.split(';')[0]! } });
    const known = await device.readDevice(request);
    expect(device.knowsNationalityNumber(known, owner)).toBe(true);
    expect(device.knowsNationalityNumber(known, tc(1))).toBe(false);
    for (let i = 0; i < 5; i++) expect(await plan.spendBudgets('authStart', { nationality_number: owner }, caller('198.18.0.1', { device: known }))).toBeNull();
    // Its bucket has the same bounds.
    expect(await plan.spendBudgets('authStart', { nationality_number: owner }, caller('198.18.0.1', { device: known }))).not.toBeNull();
  });

  it('refuses a forged or foreign device cookie', async () => {
    expect(await device.readDevice(new Request('http://site.test/', { headers: { cookie: 'ob_device=Fe26.2**forged' } }))).toBeNull();
    expect(await device.readDevice(new Request('http://site.test/', { headers: { cookie: 'ob_device=%E0%A4%A' } }))).toBeNull();
  });
});

describe('code checks', () => {
  it('checks one code at most 5 times and one address at most 60 times in 10 minutes', async () => {
    const check = (hash: string, ip: string) => plan.spendBudgets('auth', { form_security_hash: hash, sms_code: '000000' }, caller(ip));
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await check('hash-1', `172.16.0.${i}`));
    expect(answers.filter((wait) => wait === null)).toHaveLength(5);
    let allowed = 0;
    for (let i = 0; i < 80; i++) if ((await check(`hash-${i + 100}`, '172.16.1.1')) === null) allowed += 1;
    expect(allowed).toBe(60);
  });
});

describe('every call has a budget', () => {
  it('contact messages: 5 an hour per address, 3 a day per phone', async () => {
    const body = (phone: string) => ({ fullname: 'Ad Soyad', phone, message: '' });
    const fromOne = [];
    for (let i = 0; i < 7; i++) fromOne.push(await plan.spendBudgets('contactForm', body(`+90 (532) 100 00 0${i}`), caller('192.0.2.200')));
    expect(fromOne.filter((wait) => wait === null)).toHaveLength(5);
    const toOne = [];
    for (let i = 0; i < 5; i++) toOne.push(await plan.spendBudgets('contactForm', body('+90 (532) 999 99 99'), caller(`192.0.2.${i}`)));
    expect(toOne.filter((wait) => wait === null)).toHaveLength(3);
  });
});

describe('addressKey', () => {
  it('counts IPv4 as it is and IPv6 by its /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(addressKey('2001:db8:1:2::9'));
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
    expect(addressKey('unknown')).toBe('unknown');
  });
});

describe('plainAddress', () => {
  it('takes an X-Forwarded-For entry as an IP address: a port is dropped, anything else is none', () => {
    expect(plainAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(plainAddress('203.0.113.7:51234')).toBe('203.0.113.7');
    expect(plainAddress('[2001:db8::1]:443')).toBe('2001:db8::1');
    expect(plainAddress('2001:db8::1')).toBe('2001:db8::1');
    for (const entry of ['unknown', 'evil.example', '', '203.0.113.7:x', '1.2.3']) expect(plainAddress(entry), entry).toBeUndefined();
  });
});
