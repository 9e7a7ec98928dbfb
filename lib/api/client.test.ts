import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { requestJson, untilFiled } from '@/lib/api/client';

/** /api/filing answering each ask in turn, as the backend-for-frontend would. */
function filingAnswers(...answers: Array<[status: number, body: unknown]>) {
  const asked: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: { body?: string }) => {
      asked.push([url, JSON.parse(init.body ?? 'null')]);
      const [status, body] = answers.shift() ?? [500, {}];
      return new Response(JSON.stringify(body), { status });
    }),
  );
  return asked;
}

const pending = new ApiError(504, 'Sunucu zamanında yanıt vermedi.', 'generic', { filing_pending: true });
const noPause = async () => undefined;

afterEach(() => vi.unstubAllGlobals());

describe('untilFiled', () => {
  it('passes an answer in time through, and asks nothing', async () => {
    const asked = filingAnswers();
    await expect(untilFiled(Promise.resolve({ status: true, data: { user_id: 1 } }), 'h1', noPause)).resolves.toEqual({ status: true, data: { user_id: 1 } });
    expect(asked).toEqual([]);
  });

  it('after a late filing, asks for its answer until it is in, never sending the call again, and answers it', async () => {
    const asked = filingAnswers([202, { status: false, details: { filing_pending: true } }], [502, { status: false }], [200, { status: true, data: { user_id: 1 } }]);
    await expect(untilFiled(Promise.reject(pending), 'h1', noPause)).resolves.toEqual({ status: true, data: { user_id: 1 } });
    expect(asked).toEqual([
      ['/api/filing', { form_security_hash: 'h1' }],
      ['/api/filing', { form_security_hash: 'h1' }],
      ['/api/filing', { form_security_hash: 'h1' }],
    ]);
  });

  it("throws the upstream's late refusal as the call's own", async () => {
    filingAnswers([400, { status: false, message: 'Form süresi doldu.' }]);
    await expect(untilFiled(Promise.reject(pending), 'h1', noPause)).rejects.toMatchObject({ status: 400, serverMessage: 'Form süresi doldu.' });
  });

  it('throws at once, not asking again, when the late call was filed and its answer lost', async () => {
    const asked = filingAnswers([202, { status: false, details: { filing_pending: true } }], [502, { status: false, message: 'Başvurunuz alındı', details: { filed_unanswered: true } }]);
    await expect(untilFiled(Promise.reject(pending), 'h1', noPause)).rejects.toMatchObject({ status: 502, details: { filed_unanswered: true } });
    expect(asked).toHaveLength(2);
  });

  it('throws the first timeout when no answer ever came', async () => {
    filingAnswers([404, { status: false, details: { filing_unknown: true } }]);
    await expect(untilFiled(Promise.reject(pending), 'h1', noPause)).rejects.toBe(pending);
  });

  it('throws any other failure at once', async () => {
    const asked = filingAnswers();
    const refused = new ApiError(400, 'Hatalı', 'generic', undefined);
    await expect(untilFiled(Promise.reject(refused), 'h1', noPause)).rejects.toBe(refused);
    expect(asked).toEqual([]);
  });
});

describe('requestJson', () => {
  it("sends the XSRF token /api/xsrf names when the page cannot read the new cookie yet (WebKit's document.cookie lags behind)", async () => {
    const sent: Array<[string, string | null]> = [];
    vi.stubGlobal('document', { cookie: '', documentElement: { lang: 'tr-TR' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: { headers?: Headers } = {}) => {
        sent.push([url, init.headers?.get('X-XSRF-TOKEN') ?? null]);
        if (url === '/api/xsrf') return new Response(null, { status: 204, headers: { 'X-XSRF-TOKEN': 'token-from-the-answer' } });
        return new Response(JSON.stringify({ status: true }), { status: 200 });
      }),
    );
    await requestJson('/api/v1/customers/auth-start', { json: { nationality_number: '10000000146' } });
    expect(sent).toEqual([
      ['/api/xsrf', null],
      ['/api/v1/customers/auth-start', 'token-from-the-answer'],
    ]);
  });
});
