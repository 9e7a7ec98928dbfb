import { type APIRequestContext, expect } from '@playwright/test';
import { withLock } from './lock';
import { latestCode } from './sandbox';

/** Asks for the XSRF cookie as the client fetcher does (app/api/xsrf), and answers it for the header. */
export async function xsrfToken(request: APIRequestContext, base = ''): Promise<string> {
  await request.get(`${base}/api/xsrf`);
  const cookie = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
  if (!cookie) throw new Error('no XSRF-TOKEN cookie from /api/xsrf');
  return cookie.value;
}

/** POST to the backend-for-frontend as our own pages do. */
export async function bffPost(request: APIRequestContext, path: string, data: unknown, base = '') {
  const token = await xsrfToken(request, base);
  return request.post(`${base}/api/v1${path}`, { data, headers: { 'X-XSRF-TOKEN': token } });
}

/**
 * Logs a fixture customer in through the backend-for-frontend (TC kimlik no, then the SMS code), in
 * one try. A new login code voids the customer's previous one, so two workers logging the same
 * customer in at once would spoil each other's codes: the login holds the customer's lock, the same
 * one every UI login of a fixture customer takes, and no test asks for a fixture customer's code
 * without it. A refused code is therefore a real failure (say, a new code voiding an older one),
 * not something to try again. Do not call it while holding that lock: the lock is not re-entrant.
 */
export async function apiLogin(request: APIRequestContext, customer: { nationality_number: string; phone: string }, base = '', sandboxBase?: string) {
  return withLock(customer.nationality_number, async () => {
    const start = await bffPost(request, '/customers/auth-start', { nationality_number: customer.nationality_number }, base);
    expect(start.status(), await start.text()).toBe(200);
    const { hash } = await start.json();
    const code = await latestCode(customer.phone, sandboxBase);
    const auth = await bffPost(request, '/customers/auth', { form_security_hash: hash, sms_code: code }, base);
    expect(auth.status(), await auth.text()).toBe(200);
    return auth;
  });
}
