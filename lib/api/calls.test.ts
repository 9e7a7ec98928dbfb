import { describe, expect, it } from 'vitest';
import { apiCallNames, apiCalls, findApiCall, isDescribedPath } from '@/lib/api/calls';

describe('the /v1 calls of spec §7', () => {
  it('lists every path of the spec’s table with its method, plus the company-document upload', () => {
    const described = apiCallNames.map((name) => `${apiCalls[name].method} ${apiCalls[name].path}`).sort();
    expect(described).toEqual(
      [
        'POST /util/infrastructure-inquiry/infrastructure',
        'GET /get-settings',
        'GET /app-settings/countries',
        'POST /customers/register-step-1',
        'POST /customers/register-step-2',
        'POST /customers/register-step-3',
        'POST /customers/register-step-4',
        'POST /customers/auth-register-step-2',
        'POST /customers/transfer-register-step-1',
        'POST /customers/transfer-register-step-2',
        'POST /customers/transfer-register-step-3',
        'POST /customers/transfer-register-step-4',
        'POST /customers/transfer-register-step-5',
        'POST /customers/auth-transfer-register-step-3',
        'POST /customers/approve-phone-request',
        'POST /customers/approve-phone',
        'POST /customers/approve-mail-request',
        'POST /customers/approve-mail',
        'POST /customers/apply-campaign-code',
        'POST /customers/apply-reference-code',
        'POST /customers/auth-start',
        'POST /customers/auth',
        'POST /customers/token-auth',
        'POST /customers/upload-nationality-docs',
        'POST /customers/upload-subscription-docs',
        'POST /forms/contact-form',
      ].sort(),
    );
  });

  it('checks the body of every POST: a JSON schema or the upload rules, never both', () => {
    for (const name of apiCallNames) {
      const call: { method: string; schema?: unknown; multipart?: unknown } = apiCalls[name];
      const checks = [call.schema, call.multipart].filter(Boolean).length;
      expect(checks, name).toBe(call.method === 'POST' ? 1 : 0);
    }
  });

  it('§6 sends the customer’s token on the authenticated calls only', () => {
    expect(apiCallNames.filter((name) => apiCalls[name].auth).sort()).toEqual(
      ['authRegisterStep2', 'authTransferRegisterStep3', 'uploadNationalityDocs', 'uploadSubscriptionDocs'].sort(),
    );
  });

  it('§4 stores the token of login, register-step-4 and transfer-register-step-5 in the session', () => {
    const sessions = Object.fromEntries(apiCallNames.flatMap((name) => {
      const session: string | undefined = (apiCalls[name] as { session?: string }).session;
      return session ? [[name, session]] : [];
    }));
    expect(sessions).toEqual({ registerStep4: 'storeToken', transferRegisterStep5: 'storeToken', auth: 'storeToken', tokenAuth: 'tokenFromSession' });
  });

  it('§5 uploads: front and back identity images; tax plate and signature circular for a subscription', () => {
    expect(apiCalls.uploadNationalityDocs.multipart).toEqual({ fields: [], files: ['front-nationality-license', 'back-nationality-license'] });
    expect(apiCalls.uploadSubscriptionDocs.multipart).toEqual({ fields: ['subscription_id'], files: ['tax-plate', 'signature-circular'] });
  });

  it('rate-limits the calls that send or check a one-time code, per phone, mail or TC number', () => {
    const limited = Object.fromEntries(apiCallNames.flatMap((name) => {
      const rateLimit = (apiCalls[name] as { rateLimit?: unknown }).rateLimit;
      return rateLimit ? [[name, rateLimit]] : [];
    }));
    expect(limited).toEqual({
      approvePhoneRequest: { kind: 'send', target: 'phone' },
      approvePhone: { kind: 'check', target: 'phone' },
      approveMailRequest: { kind: 'send', target: 'mail' },
      approveMail: { kind: 'check', target: 'mail' },
      authStart: { kind: 'send', target: 'nationality_number' },
      auth: { kind: 'check' },
    });
  });
});

describe('findApiCall', () => {
  it('names the call of a method and path', () => {
    expect(findApiCall('POST', '/customers/auth-start')).toBe('authStart');
    expect(findApiCall('GET', '/get-settings')).toBe('getSettings');
    expect(findApiCall('POST', '/forms/contact-form')).toBe('contactForm');
  });

  it('names nothing for another method or a path the spec does not list', () => {
    expect(findApiCall('GET', '/customers/auth-start')).toBeUndefined();
    expect(findApiCall('POST', '/get-settings')).toBeUndefined();
    expect(findApiCall('POST', '/customers/delete-account')).toBeUndefined();
    expect(findApiCall('POST', '/customers/auth-start/')).toBeUndefined();
    expect(findApiCall('post', '/customers/auth-start')).toBeUndefined();
  });
});

describe('isDescribedPath', () => {
  it('tells a described path under another method (405) from an unknown one (404)', () => {
    expect(isDescribedPath('/customers/auth-start')).toBe(true);
    expect(isDescribedPath('/get-settings')).toBe(true);
    expect(isDescribedPath('/customers/delete-account')).toBe(false);
    expect(isDescribedPath('/v1/customers/auth-start')).toBe(false);
  });
});
