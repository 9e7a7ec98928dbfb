import { describe, expect, it, vi } from 'vitest';

/**
 * The real catalogues, with two entries no upstream text may ever be answered as: one without its
 * English translation, one that is no text at all.
 */
vi.mock('@/messages/tr.json', async (importOriginal) => {
  const real = (await importOriginal<{ default: Record<string, Record<string, unknown>> }>()).default;
  return { default: { ...real, upstream: { ...real.upstream, onlyTurkish: 'Yalnızca Türkçe bir metin.', notAText: { nested: 'İç içe.' } } } };
});
vi.mock('@/messages/en.json', async (importOriginal) => {
  const real = (await importOriginal<{ default: Record<string, Record<string, unknown>> }>()).default;
  return { default: { ...real, upstream: { ...real.upstream, notAText: 'Not a text in Turkish.' } } };
});

const { catalogueText, safeDetails } = await import('@/lib/bff/upstream-text');

describe('catalogueText', () => {
  // First: the catalogue's patterns are made once, by the first call, and this test is the one that makes them.
  it('never matches an ICU plural as a pattern, nor an entry without both translations', () => {
    expect(catalogueText('You can upload at most 2 files.', 'tr')).toBeUndefined();
    expect(catalogueText('Please wait {seconds, plural, one {# second} other {# seconds}} before asking for a new code.', 'tr')).toBeUndefined();
    expect(catalogueText('{count, plural, one {Bir alanı düzeltin} other {# alanı düzeltin}}', 'tr')).toBeUndefined();
    expect(catalogueText('Yalnızca Türkçe bir metin.', 'tr')).toBeUndefined();
    expect(catalogueText('Not a text in Turkish.', 'en')).toBeUndefined();
    expect(catalogueText('Maksimum 2 adet dosya yükleyebilirsiniz.', 'en')).toBe('You can upload at most 2 files.');
  });

  it('matches the texts of the upstream, errors and validation sections, in either language', () => {
    expect(catalogueText('Seçtiğiniz adres bulunamadı. Lütfen adres bilgilerinizi kontrol edin.', 'en')).toBe('The address you chose was not found. Please check your address.');
    expect(catalogueText('Sunucuya erişilemiyor. Lütfen daha sonra tekrar deneyin.', 'en')).toBe('The server cannot be reached. Please try again later.');
    expect(catalogueText('This field is required.', 'tr')).toBe('Bu alan zorunludur.');
    expect(catalogueText('Bu alan zorunludur.', 'tr')).toBe('Bu alan zorunludur.');
  });

  it('matches the whole text, its punctuation as written, around any outer spaces', () => {
    const text = 'Lütfen adınızı ve soyadınızı yazın (en fazla 100 karakter).';
    expect(catalogueText(text, 'en')).toBe('Please enter your name and surname (at most 100 characters).');
    expect(catalogueText(`  ${text}\n`, 'en')).toBe('Please enter your name and surname (at most 100 characters).');
    expect(catalogueText('Lütfen adınızı ve soyadınızı yazın en fazla 100 karakter.', 'en')).toBeUndefined();
    expect(catalogueText('Bu alan zorunludurX', 'tr')).toBeUndefined();
    expect(catalogueText('Not: Bu alan zorunludur.', 'tr')).toBeUndefined();
    expect(catalogueText('Bu alan zorunludur. Ama değil.', 'tr')).toBeUndefined();
  });

  it('takes a message of up to 500 characters', () => {
    const text = 'Bu alan zorunludur.';
    expect(catalogueText(text.padEnd(500, ' '), 'tr')).toBe(text);
    expect(catalogueText(text.padEnd(501, ' '), 'tr')).toBeUndefined();
  });

  it('fills a number of up to 7 digits into the page’s language, with its plural', () => {
    expect(catalogueText('Yeni bir kod istemeden önce lütfen 1234567 saniye bekleyin.', 'tr')).toBe('Yeni bir kod istemeden önce lütfen 1234567 saniye bekleyin.');
    expect(catalogueText('Yeni bir kod istemeden önce lütfen 1 saniye bekleyin.', 'en')).toBe('Please wait 1 second before asking for a new code.');
    expect(catalogueText('Yeni bir kod istemeden önce lütfen 12345678 saniye bekleyin.', 'tr')).toBeUndefined();
    expect(catalogueText('Yeni bir kod istemeden önce lütfen  saniye bekleyin.', 'tr')).toBeUndefined();
    expect(catalogueText('Yeni bir kod istemeden önce lütfen x saniye bekleyin.', 'tr')).toBeUndefined();
    expect(catalogueText('Maksimum 2 adet dosya yükleyebilirsiniz.', 'en')).toBe('You can upload at most 2 files.');
  });

  it('answers undefined for anything but a string', () => {
    expect(catalogueText(undefined, 'tr')).toBeUndefined();
    expect(catalogueText({ message: 'Bu alan zorunludur.' }, 'tr')).toBeUndefined();
  });
});

describe('safeDetails', () => {
  it('keeps the registered-user flag only as true', () => {
    expect(safeDetails({ registered_user: true })).toEqual({ registered_user: true });
    expect(safeDetails({ registered_user: false })).toBeUndefined();
    expect(safeDetails({ registered_user: 1 })).toBeUndefined();
  });

  it('keeps a field name and a reason code in their forms', () => {
    expect(safeDetails({ field: 'a' })).toEqual({ field: 'a' });
    expect(safeDetails({ field: `a${'b_-9'.repeat(9)}123` })).toEqual({ field: `a${'b_-9'.repeat(9)}123` });
    for (const field of [`a${'b'.repeat(40)}`, '9a', 'A', 'a b', '', 'a.b', 7]) expect(safeDetails({ field }), String(field)).toBeUndefined();
    expect(safeDetails({ reason: 'form_invalid' })).toEqual({ reason: 'form_invalid' });
    expect(safeDetails({ reason: `a${'b'.repeat(39)}` })).toEqual({ reason: `a${'b'.repeat(39)}` });
    for (const reason of [`a${'b'.repeat(40)}`, '_a', 'a-b', 'a1', 'Form', '', 1]) expect(safeDetails({ reason }), String(reason)).toBeUndefined();
  });

  it('keeps a validator code of three digits', () => {
    expect(safeDetails({ code: '014' })).toEqual({ code: '014' });
    for (const code of ['14', '0140', 'a014', '014a', 14, 140]) expect(safeDetails({ code }), String(code)).toBeUndefined();
  });

  it('keeps a wait and tries left as whole numbers from 0 to a day', () => {
    expect(safeDetails({ retry_after: 0, tries_left: 86_400 })).toEqual({ retry_after: 0, tries_left: 86_400 });
    for (const value of [-1, 86_401, 1.5, '30', Number.NaN]) {
      expect(safeDetails({ retry_after: value }), String(value)).toBeUndefined();
      expect(safeDetails({ tries_left: value }), String(value)).toBeUndefined();
    }
  });

  it('keeps nothing of what is not an object', () => {
    for (const details of [null, undefined, 0, 'x', [{ field: 'a' }]]) expect(safeDetails(details), String(details)).toBeUndefined();
    expect(safeDetails({})).toBeUndefined();
  });
});

describe('plainUpstreamText', () => {
  it('keeps a message as one line of text, its markup as characters', async () => {
    const { plainUpstreamText } = await import('@/lib/bff/upstream-text');
    expect(plainUpstreamText('  Sistem bakımda.\r\n\tLütfen   02:00’den sonra deneyin. ')).toBe('Sistem bakımda. Lütfen 02:00’den sonra deneyin.');
    expect(plainUpstreamText('<b>Kalın</b> & <script>x</script>')).toBe('<b>Kalın</b> & <script>x</script>');
  });

  it('removes control characters and the marks that reorder or hide text', async () => {
    const { plainUpstreamText } = await import('@/lib/bff/upstream-text');
    expect(plainUpstreamText('Ka\u0000yıt\u0007 \u001b[31mbulunamadı\u007f\u0085')).toBe('Kayıt [31mbulunamadı');
    expect(plainUpstreamText('fiyat \u202E09 LT\u202C \u2066x\u2069\u200B\uFEFF')).toBe('fiyat 09 LT x');
  });

  it('is undefined for anything but a text with something left to read', async () => {
    const { plainUpstreamText } = await import('@/lib/bff/upstream-text');
    for (const message of [undefined, null, 42, {}, ['a'], '', '   ', '\u0000\u200B\n']) expect(plainUpstreamText(message)).toBeUndefined();
  });

  it('cuts a long message to 300 characters, the last an ellipsis, never inside a character', async () => {
    const { plainUpstreamText, UPSTREAM_TEXT_MAX } = await import('@/lib/bff/upstream-text');
    expect(UPSTREAM_TEXT_MAX).toBe(300);
    expect(plainUpstreamText('a'.repeat(300))).toBe('a'.repeat(300));
    expect(plainUpstreamText('a'.repeat(301))).toBe(`${'a'.repeat(299)}…`);
    // Astral characters (two UTF-16 units each) count as one and are never split.
    const emoji = plainUpstreamText('😀'.repeat(2_000))!;
    expect(Array.from(emoji)).toHaveLength(300);
    expect(emoji).toBe(`${'😀'.repeat(299)}…`);
    // No space before the ellipsis.
    expect(plainUpstreamText(`${'a'.repeat(298)} bcd`)).toBe(`${'a'.repeat(298)}…`);
  });
});

describe('refusalText', () => {
  const fallback = 'Bir hatadan dolayı işleminiz alınamamaktadır. Lütfen daha sonra tekrar deneyin.';

  it('answers a known message in the page’s language, whatever the status', async () => {
    const { refusalText } = await import('@/lib/bff/upstream-text');
    for (const status of [400, 422, 500, 502]) {
      expect(refusalText('Bu alan zorunludur.', status, 'en', fallback)).toEqual({ message: 'This field is required.', asSent: false });
    }
  });

  it('answers an unknown message as sent for a 4xx only, and the fallback otherwise', async () => {
    const { refusalText } = await import('@/lib/bff/upstream-text');
    expect(refusalText('Hat bulunamadı.', 400, 'en', fallback)).toEqual({ message: 'Hat bulunamadı.', asSent: true });
    expect(refusalText('Hat bulunamadı.', 499, 'tr', fallback)).toEqual({ message: 'Hat bulunamadı.', asSent: true });
    for (const status of [399, 500, 503, 599]) expect(refusalText('Hat bulunamadı.', status, 'tr', fallback)).toEqual({ message: fallback, asSent: false });
    expect(refusalText(undefined, 400, 'tr', fallback)).toEqual({ message: fallback, asSent: false });
  });
});
