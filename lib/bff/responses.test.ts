import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorResponse, replyText, responseLocale, validationResponse } from '@/lib/bff/responses';

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
