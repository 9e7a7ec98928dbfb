import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiCallName } from '@/lib/api/calls';
import { BUDGETS, type BudgetName, budgetNames, resolveBudgets } from '@/lib/server/limits';

/**
 * Which budgets each call spends (lib/bff/budget-plan.ts). Each budget in turn is given one point,
 * every other one plenty: a call spends it when the same call is refused the second time.
 */
const config = vi.hoisted(() => ({ sessionKeys: { sealing: { 1: 'p'.repeat(40) }, current: 'p'.repeat(40), opening: { 1: 'p'.repeat(40) }, hashing: 'p'.repeat(40) }, redis: undefined, logLevel: 'silent', budgets: {} as Record<string, unknown> }));
vi.mock('@/lib/server/config', () => ({ getConfig: () => config }));

const { spendBudgets, spendReadBudget } = await import('@/lib/bff/budget-plan');
const { resetRateLimitsForTests } = await import('@/lib/bff/rate-limit');
const { deviceCookieAfterLogin, readDevice } = await import('@/lib/bff/device');

const plenty = resolveBudgets(1_000);
const IDENTITY: BudgetName[] = ['identityIp', 'identityBrowser', 'identityNetwork', 'identityWideNetwork'];

afterEach(() => {
  resetRateLimitsForTests();
  config.budgets = plenty;
});

type Caller = Parameters<typeof spendBudgets>[2];
const v4: Caller = { ip: '203.0.113.7', browser: 'browser-1', device: null };
const v6: Caller = { ip: '2001:db8:1:2::7', browser: 'browser-1', device: null };

/** The budgets a call spends, in the table's order. */
async function spent(name: ApiCallName, body: Record<string, unknown> | undefined, caller: Caller): Promise<BudgetName[]> {
  const found: BudgetName[] = [];
  for (const budget of budgetNames) {
    resetRateLimitsForTests();
    config.budgets = { ...plenty, [budget]: { ...BUDGETS[budget], points: 1 } };
    expect(await spendBudgets(name, body, caller), `${name}: ${budget}, first call`).toBeNull();
    // A number asked about again is not counted again: the identity budgets are probed with another.
    const again = IDENTITY.includes(budget) && body?.nationality_number ? { ...body, nationality_number: `${String(body.nationality_number)}-2` } : body;
    if ((await spendBudgets(name, again, caller)) !== null) found.push(budget);
  }
  return found;
}

const identity = { nationality_number: '10000000146' };
const code = ['codeSendIp', 'codeSendIpHour', 'codeSendNetwork'] as const;

describe('the budgets each call spends', () => {
  it('one per address for the plain calls', async () => {
    const plain: [ApiCallName, BudgetName][] = [
      ['infrastructure', 'addressIp'],
      ['getSettings', 'readIp'],
      ['countries', 'readIp'],
      ['registerStep1', 'formStepIp'],
      ['registerStep2', 'formStepIp'],
      ['registerStep4', 'formStepIp'],
      ['authRegisterStep2', 'formStepIp'],
      ['transferRegisterStep2', 'formStepIp'],
      ['transferRegisterStep3', 'formStepIp'],
      ['transferRegisterStep5', 'formStepIp'],
      ['authTransferRegisterStep3', 'formStepIp'],
      ['transferRegisterStep1', 'serviceNumberIp'],
      ['applyCampaignCode', 'discountCodeIp'],
      ['applyReferenceCode', 'discountCodeIp'],
      // Any call not named in the plan: the form steps' budget.
      ['tokenAuth', 'formStepIp'],
    ];
    for (const [name, budget] of plain) expect(await spent(name, {}, v4), name).toEqual([budget]);
  });

  it('identity checks: the calls, and the numbers per address, browser and network', async () => {
    for (const name of ['registerStep3', 'transferRegisterStep4'] as const) {
      expect(await spent(name, identity, v4), name).toEqual(['identityIp', 'identityNetwork', 'identityBrowser', 'identityCallsIp', 'formStepIp']);
      expect(await spent(name, identity, { ...v6, browser: undefined }), name).toEqual(['identityIp', 'identityNetwork', 'identityWideNetwork', 'identityCallsIp', 'formStepIp']);
      // Without a number, nothing is learnt: the step alone.
      expect(await spent(name, {}, v4), name).toEqual(['formStepIp']);
    }
  });

  it('login codes: the codes sent and the identity budgets, or the browser’s own bucket for its number', async () => {
    expect(await spent('authStart', identity, v6)).toEqual([
      'codeSendTarget',
      'codeSendTargetDay',
      ...code,
      'codeSendWideNetwork',
      'identityIp',
      'identityNetwork',
      'identityWideNetwork',
      'identityBrowser',
      'identityCallsIp',
    ]);
    const device = await readDevice(new Request('http://site.test/', { headers: { cookie: (await deviceCookieAfterLogin(null, identity.nationality_number)).split(';')[0]! } }));
    expect(await spent('authStart', identity, { ...v4, device })).toEqual(['codeSendIp', 'codeSendIpHour', 'codeSendDevice', 'codeSendDeviceDay']);
    // Another number from that browser is a stranger's.
    expect(await spent('authStart', { nationality_number: '10000000214' }, { ...v4, device })).toContain('identityIp');
  });

  it('codes sent to a phone or a mail, and codes checked', async () => {
    expect(await spent('approvePhoneRequest', { phone: '+90 (532) 000 00 01' }, v4)).toEqual(['codeSendTarget', 'codeSendTargetDay', ...code]);
    expect(await spent('approveMailRequest', { mail: 'a@example.com' }, v6)).toEqual(['codeSendTarget', 'codeSendTargetDay', ...code, 'codeSendWideNetwork']);
    // Without a target, only the address and its networks.
    expect(await spent('approvePhoneRequest', {}, v4)).toEqual([...code]);
    expect(await spent('approvePhone', { phone: '+90 (532) 000 00 01', sms_hash: 's' }, v4)).toEqual(['codeCheckCode', 'codeCheckTarget', 'codeCheckIp']);
    expect(await spent('approveMail', { mail: 'a@example.com', mail_hash: 'm' }, v4)).toEqual(['codeCheckCode', 'codeCheckTarget', 'codeCheckIp']);
    expect(await spent('approveMail', {}, v4)).toEqual(['codeCheckIp']);
    expect(await spent('auth', { form_security_hash: 'h' }, v4)).toEqual(['codeCheckCode', 'codeCheckIp']);
  });

  it('contact messages and uploads', async () => {
    expect(await spent('contactForm', { phone: '+90 (212) 555 00 11' }, v4)).toEqual(['contactIp', 'contactPhone']);
    expect(await spent('uploadNationalityDocs', undefined, { ...v4, customer: 'sid-1' })).toEqual(['formStepIp', 'uploadSession']);
    expect(await spent('uploadSubscriptionDocs', undefined, v4)).toEqual(['formStepIp', 'uploadSession']);
  });
});

describe('the keys the budgets count under', () => {
  it('one target however it is written: a phone by its digits, a mail by its mailbox, a code as sent', async () => {
    config.budgets = { ...plenty, codeSendTarget: { ...BUDGETS.codeSendTarget, points: 1 }, codeCheckTarget: { ...BUDGETS.codeCheckTarget, points: 1 }, codeCheckCode: { ...BUDGETS.codeCheckCode, points: 1 } };
    expect(await spendBudgets('approvePhoneRequest', { phone: '+90 (532) 000 00 01' }, v4)).toBeNull();
    expect(await spendBudgets('approvePhoneRequest', { phone: '905320000001' }, { ...v4, ip: '192.0.2.1' })).not.toBeNull();
    expect(await spendBudgets('approveMailRequest', { mail: 'A.B+x@Gmail.com' }, v4)).toBeNull();
    expect(await spendBudgets('approveMailRequest', { mail: ' ab@gmail.com ' }, { ...v4, ip: '192.0.2.1' })).not.toBeNull();
    expect(await spendBudgets('approveMail', { mail: 'a@example.com', mail_hash: 'M1' }, v4)).toBeNull();
    expect(await spendBudgets('approveMail', { mail: 'b@example.com', mail_hash: ' m1' }, { ...v4, ip: '192.0.2.1' })).not.toBeNull();
    expect(await spendBudgets('approvePhone', { phone: '+90 (532) 000 00 02', sms_hash: 's1' }, v4)).toBeNull();
    expect(await spendBudgets('approvePhone', { phone: '905320000002', sms_hash: 's2' }, { ...v4, ip: '192.0.2.1' })).not.toBeNull();
  });

  it('an upload by its customer, else by its address', async () => {
    config.budgets = { ...plenty, uploadSession: { ...BUDGETS.uploadSession, points: 1 } };
    expect(await spendBudgets('uploadNationalityDocs', undefined, { ...v4, customer: 'sid-1' })).toBeNull();
    // Another address, the same customer.
    expect(await spendBudgets('uploadSubscriptionDocs', undefined, { ...v4, ip: '192.0.2.1', customer: 'sid-1' })).not.toBeNull();
    expect(await spendBudgets('uploadNationalityDocs', undefined, { ...v4, customer: 'sid-2' })).toBeNull();
    expect(await spendBudgets('uploadNationalityDocs', undefined, v4)).toBeNull();
    expect(await spendBudgets('uploadNationalityDocs', undefined, v4)).not.toBeNull();
  });

  it('an IPv6 address by its /64', async () => {
    config.budgets = { ...plenty, formStepIp: { ...BUDGETS.formStepIp, points: 1 } };
    expect(await spendBudgets('registerStep1', {}, v6)).toBeNull();
    expect(await spendBudgets('registerStep1', {}, { ...v6, ip: '2001:db8:1:2::8' })).not.toBeNull();
    expect(await spendBudgets('registerStep1', {}, { ...v6, ip: '2001:db8:1:3::7' })).toBeNull();
  });

  it('a number once it was asked about and allowed, not when the call was refused', async () => {
    config.budgets = { ...plenty, identityBrowser: { ...BUDGETS.identityBrowser, points: 1 }, formStepIp: { ...BUDGETS.formStepIp, points: 2 } };
    expect(await spendBudgets('registerStep3', identity, v4)).toBeNull();
    // Asked again: not counted again.
    expect(await spendBudgets('registerStep3', identity, v4)).toBeNull();
    // Refused by the address's step budget: this number is not taken as seen...
    expect(await spendBudgets('registerStep3', { nationality_number: '10000000214' }, v4)).not.toBeNull();
    // ...so from another address the browser's budget still counts it, and it is spent.
    expect(await spendBudgets('registerStep3', { nationality_number: '10000000214' }, { ...v4, ip: '192.0.2.1' })).not.toBeNull();
  });
});

describe('spendReadBudget', () => {
  it('counts reads per address, IPv6 by its /64', async () => {
    config.budgets = { ...plenty, readIp: { ...BUDGETS.readIp, points: 1 } };
    expect(await spendReadBudget('2001:db8:1:2::7')).toBeNull();
    expect(await spendReadBudget('2001:db8:1:2::9')).toBeGreaterThanOrEqual(1);
    expect(await spendReadBudget('203.0.113.7')).toBeNull();
  });
});
