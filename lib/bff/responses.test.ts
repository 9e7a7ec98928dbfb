import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  envelopeResponse,
  errorResponse,
  fieldErrorResponse,
  filedUnansweredResponse,
  replyText,
  responseLocale,
  sessionExpiredResponse,
  tooManyResponse,
  tooManyText,
  validationResponse,
} from '@/lib/bff/responses';

const withLanguage = (value?: string) => new Request('http://site.test/', value === undefined ? {} : { headers: { 'Accept-Language': value } });

describe('responseLocale', () => {
  it('answers in English only when the page asked for English first', () => {
    expect(responseLocale(withLanguage('en'))).toBe('en');
    expect(responseLocale(withLanguage('en-US,en;q=0.9'))).toBe('en');
    expect(responseLocale(withLanguage('EN-gb'))).toBe('en');
    expect(responseLocale(withLanguage('tr-TR,en;q=0.8'))).toBe('tr');
    expect(responseLocale(withLanguage('eng'))).toBe('tr');
    expect(responseLocale(withLanguage('de'))).toBe('tr');
    expect(responseLocale(withLanguage())).toBe('tr');
  });
});

describe('replyText', () => {
  it('§8 quotes the catalogue and fills its placeholders', () => {
    expect(replyText('tr', 'network')).toBe('Sunucuya erişilemiyor. Lütfen daha sonra tekrar deneyin.');
    expect(replyText('tr', 'fileCount', { count: 2 })).toBe('Maksimum 2 adet dosya yükleyebilirsiniz.');
    expect(replyText('en', 'fileCount', { count: 2 })).toBe('You can upload at most 2 files.');
    expect(replyText('tr', 'tooManyRequests', { seconds: 30 })).toBe('Çok fazla deneme yaptınız. Lütfen 30 saniye sonra tekrar deneyin.');
    // ICU plurals, by next-intl's formatter: one file, one second.
    expect(replyText('en', 'fileCount', { count: 1 })).toBe('You can upload at most 1 file.');
    expect(replyText('en', 'tooManyRequests', { seconds: 1 })).toBe('Too many attempts. Please try again in 1 second.');
  });
});

describe('validationResponse', () => {
  const schema = z.object({ phone: z.string({ message: 'phone' }), code: z.string({ message: 'not-a-key' }), nested: z.object({ a: z.string({ message: 'required' }) }) });

  it('answers 400 with one message per field, the first heading the answer', async () => {
    const result = schema.safeParse({ nested: {} });
    const response = validationResponse('tr', result.error!);
    expect(response.status).toBe(400);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(await response.json()).toEqual({
      status: false,
      message: 'Lütfen telefon numaranızı kontrol edin.',
      details: { fields: { phone: 'Lütfen telefon numaranızı kontrol edin.', code: 'Lütfen değeri kontrol edin.', 'nested.a': 'Bu alan zorunludur.' } },
    });
  });

  it('names a refusal of the whole body `_`, in English when asked', async () => {
    const result = z.object({}).strict().safeParse({ extra: 1 });
    expect(await validationResponse('en', result.error!).json()).toEqual({
      status: false,
      message: 'Please check the value.',
      details: { fields: { _: 'Please check the value.' } },
    });
  });

  it('keeps the first message of a field that fails twice', async () => {
    const result = z.object({ phone: z.string().min(3, { message: 'phone' }).regex(/^\d+$/, { message: 'required' }) }).safeParse({ phone: 'a' });
    expect(result.error!.issues).toHaveLength(2);
    expect(await validationResponse('en', result.error!).json()).toEqual({
      status: false,
      message: 'Please check your phone number.',
      details: { fields: { phone: 'Please check your phone number.' } },
    });
  });

  it('falls back to the invalid-request text when zod gives no issue', async () => {
    expect(await validationResponse('tr', new z.ZodError([])).json()).toEqual({ status: false, message: 'Gönderilen bilgiler eksik veya hatalı.', details: { fields: {} } });
  });
});

describe('errorResponse', () => {
  it('answers the envelope with its status, headers and optional details, never cached', async () => {
    const response = errorResponse(429, 'wait', { 'Retry-After': '30' });
    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).toBe('30');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: false, message: 'wait' });
    expect(await errorResponse(400, 'x', undefined, { code: '014' }).json()).toEqual({ status: false, message: 'x', details: { code: '014' } });
  });
});

describe('tooManyText', () => {
  it('names a wait of up to 10 minutes in seconds, up to 2 hours in minutes, beyond in hours, rounded up', () => {
    expect(tooManyText('tr', 600)).toBe('Çok fazla deneme yaptınız. Lütfen 600 saniye sonra tekrar deneyin.');
    expect(tooManyText('tr', 601)).toBe('Çok fazla deneme yaptınız. Lütfen 11 dakika sonra tekrar deneyin.');
    expect(tooManyText('en', 610)).toBe('Too many attempts. Please try again in 11 minutes.');
    expect(tooManyText('en', 7200)).toBe('Too many attempts. Please try again in 120 minutes.');
    expect(tooManyText('en', 7201)).toBe('Too many attempts. Please try again in 3 hours.');
    expect(tooManyText('tr', 86_400)).toBe('Çok fazla deneme yaptınız. Lütfen 24 saat sonra tekrar deneyin.');
  });

  it('answers 429 with the wait in Retry-After and in words', async () => {
    const response = tooManyResponse('en', 42);
    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).toBe('42');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: false, message: 'Too many attempts. Please try again in 42 seconds.' });
  });
});

describe('envelopeResponse', () => {
  it('answers the envelope as JSON with its status and headers, never cached', async () => {
    const response = envelopeResponse(201, { status: true, message: 'ok', data: { a: 1 } }, { 'X-Test': '1' });
    expect(response.status).toBe(201);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(response.headers.get('X-Test')).toBe('1');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: true, message: 'ok', data: { a: 1 } });
  });
});

describe('the answers the browser acts on', () => {
  it('401 of an ended session says so in details', async () => {
    for (const [locale, message] of [
      ['tr', 'Oturumunuzun süresi doldu. Lütfen tekrar giriş yapın.'],
      ['en', 'Your session has expired. Please log in again.'],
    ] as const) {
      const response = sessionExpiredResponse(locale);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ status: false, message, details: { session_expired: true } });
    }
  });

  it('400 of one field: its schema message, for that field', async () => {
    const response = fieldErrorResponse('en', 'consents', 'consents');
    expect(response.status).toBe(400);
    const message = 'To complete your application, read and approve the personal data notice and the contract.';
    expect(await response.json()).toEqual({ status: false, message, details: { fields: { consents: message } } });
    expect(await fieldErrorResponse('tr', 'phone', 'phone').json()).toEqual({
      status: false,
      message: 'Lütfen telefon numaranızı kontrol edin.',
      details: { fields: { phone: 'Lütfen telefon numaranızı kontrol edin.' } },
    });
  });

  it('502 of a filing whose answer was lost says it must not be sent again', async () => {
    const response = filedUnansweredResponse('en');
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ status: false, message: replyText('en', 'filedUnanswered'), details: { filed_unanswered: true } });
    expect(replyText('en', 'filedUnanswered')).not.toBe(replyText('tr', 'filedUnanswered'));
  });
});
