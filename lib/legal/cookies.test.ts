import { describe, expect, it } from 'vitest';
import { cookieLifetime, DECLARED_COOKIES, DECLARED_STORAGE, declaredCookie } from '@/lib/legal/cookies';
import en from '@/messages/en.json';
import tr from '@/messages/tr.json';

describe('the cookie table', () => {
  it('names each cookie once, by its plain and its __Host- name', () => {
    const names = DECLARED_COOKIES.flatMap((cookie) => [...new Set([cookie.name, cookie.secureName])]);
    expect(new Set(names).size).toBe(names.length);
    expect(declaredCookie('ob_session')?.key).toBe('session');
    expect(declaredCookie('__Host-ob_session')?.key).toBe('session');
    expect(declaredCookie('__Host-ob_device')?.key).toBe('device');
    expect(declaredCookie('XSRF-TOKEN')?.key).toBe('xsrf');
    expect(declaredCookie('NEXT_LOCALE')?.key).toBe('locale');
    expect(declaredCookie('_ga')).toBeUndefined();
  });

  it('holds the lifetimes the code gives them: the session 12 hours less a minute, the device and the language a year, the XSRF token the browser session', () => {
    expect(Object.fromEntries(DECLARED_COOKIES.map((cookie) => [cookie.key, cookie.maxAgeSeconds]))).toEqual({
      session: 12 * 3600 - 60,
      xsrf: null,
      device: 365 * 24 * 3600,
      locale: 365 * 24 * 3600,
    });
  });

  it('has every row strictly necessary, with its texts in both catalogues', () => {
    for (const row of [...DECLARED_COOKIES, ...DECLARED_STORAGE]) {
      expect(row.basis).toBe('strictlyNecessary');
      for (const messages of [tr, en]) {
        expect(messages.cookies.items[row.key].purpose.length, row.key).toBeGreaterThan(20);
        expect(messages.cookies.items[row.key].basis, row.key).toMatch(/5\/2-[cf]|5\(2\)\([cf]\)/);
      }
    }
  });
});

describe('a lifetime as the notice states it', () => {
  it('is the largest whole unit, within five minutes of it', () => {
    expect(cookieLifetime(null)).toEqual({ unit: 'browserSession' });
    expect(cookieLifetime(12 * 3600 - 60)).toEqual({ unit: 'hours', count: 12 });
    expect(cookieLifetime(365 * 24 * 3600)).toEqual({ unit: 'years', count: 1 });
    expect(cookieLifetime(24 * 3600)).toEqual({ unit: 'days', count: 1 });
    expect(cookieLifetime(90 * 60)).toEqual({ unit: 'minutes', count: 90 });
    expect(cookieLifetime(30 * 24 * 3600)).toEqual({ unit: 'days', count: 30 });
  });
});
