import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { errorText, isApiError, isSessionExpired, retryAfterSeconds, serverFieldError } from '@/lib/api/error-message';

describe('isApiError', () => {
  it('tells an ApiError from other errors and values', () => {
    expect(isApiError(new ApiError(400, 'x', 'generic', undefined))).toBe(true);
    expect(isApiError(new ApiError(0, undefined, 'network', undefined))).toBe(true);
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isApiError(Object.assign(new Error('x'), { status: 400, fallback: 'other' }))).toBe(false);
    expect(isApiError({ status: 400, fallback: 'generic' })).toBe(false);
    expect(isApiError(undefined)).toBe(false);
  });
});

describe('isSessionExpired', () => {
  it('is the 401 that says the session is over, and nothing else', () => {
    expect(isSessionExpired(new ApiError(401, 'Oturumunuzun süresi doldu.', 'generic', { session_expired: true }))).toBe(true);
    // A wrong login code may be a 401 too: it is no ended session.
    expect(isSessionExpired(new ApiError(401, 'Kod hatalı.', 'generic', undefined))).toBe(false);
    expect(isSessionExpired(new ApiError(400, undefined, 'generic', { session_expired: true }))).toBe(false);
    expect(isSessionExpired(new Error('401'))).toBe(false);
  });
});

describe('errorText', () => {
  it("shows the server's message when it gave one", () => {
    expect(errorText(new ApiError(400, 'Kayıt bulunamadı.', 'generic', undefined))).toEqual({ text: 'Kayıt bulunamadı.', upstream: false });
  });

  it('says when the message is the upstream’s own words, not a text of our catalogue', () => {
    expect(errorText(new ApiError(422, 'Sistem bakımda.', 'generic', { upstream_text: true }))).toEqual({ text: 'Sistem bakımda.', upstream: true });
    expect(errorText(new ApiError(422, 'Sistem bakımda.', 'generic', { upstream_text: 'yes' }))).toEqual({ text: 'Sistem bakımda.', upstream: false });
  });

  it('falls back to the spec catalogue: network, else the generic text of the caller', () => {
    expect(errorText(new ApiError(0, undefined, 'network', undefined))).toEqual({ key: 'network' });
    expect(errorText(new ApiError(500, undefined, 'generic', undefined))).toEqual({ key: 'generic' });
    expect(errorText(new ApiError(500, undefined, 'generic', undefined), 'genericShort')).toEqual({ key: 'genericShort' });
    expect(errorText(new TypeError('boom'))).toEqual({ key: 'generic' });
    expect(errorText(undefined, 'genericShort')).toEqual({ key: 'genericShort' });
  });
});

describe('serverFieldError', () => {
  it('takes the field message of a validation answer', () => {
    const error = new ApiError(400, 'first', 'generic', { fields: { nationality_number: 'TC kimlik numarası uygun değil.' } });
    expect(serverFieldError(error, 'nationality_number')).toBe('TC kimlik numarası uygun değil.');
    expect(serverFieldError(error, 'sms_code')).toBeUndefined();
  });

  it('takes the message of a refusal that names the field', () => {
    const error = new ApiError(404, 'Kayıt bulunamadı.', 'generic', { field: 'nationality_number' });
    expect(serverFieldError(error, 'nationality_number')).toBe('Kayıt bulunamadı.');
    expect(serverFieldError(error, 'phone')).toBeUndefined();
  });

  it('with anyInputError, takes any 4xx refusal (a wrong code) but not throttling or server trouble', () => {
    const wrong = new ApiError(400, 'SMS onay kodu hatalı.', 'generic', { reason: 'wrong_code' });
    expect(serverFieldError(wrong, 'sms_code')).toBeUndefined();
    expect(serverFieldError(wrong, 'sms_code', { anyInputError: true })).toBe('SMS onay kodu hatalı.');
    for (const status of [0, 401, 403, 429, 500, 502, 504]) {
      expect(serverFieldError(new ApiError(status, 'x', 'generic', { field: 'sms_code' }), 'sms_code', { anyInputError: true })).toBeUndefined();
    }
    expect(serverFieldError(new Error('x'), 'sms_code', { anyInputError: true })).toBeUndefined();
  });
});

describe('retryAfterSeconds', () => {
  it("reads a 429's retry_after", () => {
    expect(retryAfterSeconds(new ApiError(429, 'bekleyin', 'generic', { retry_after: 42 }))).toBe(42);
    expect(retryAfterSeconds(new ApiError(429, 'bekleyin', 'generic', { retry_after: 'x' }))).toBeUndefined();
    expect(retryAfterSeconds(new ApiError(400, 'x', 'generic', { retry_after: 42 }))).toBeUndefined();
    expect(retryAfterSeconds(new Error('x'))).toBeUndefined();
  });
});
