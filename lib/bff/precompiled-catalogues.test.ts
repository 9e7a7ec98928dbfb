import { createTranslator } from 'use-intl/core';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { precompiledMessages } from '@/testing/precompiled-messages';

/**
 * The BFF's texts with the catalogues as the build imports them: precompiled by next-intl's loader
 * and formatted by use-intl's format-only formatter, the alias next-intl's plugin sets for
 * `use-intl/format-message` (next.config.ts; vitest.config.ts inlines use-intl so that this mock
 * reaches its import). The other tests of these modules read the JSON files as they are.
 */
vi.mock('use-intl/format-message', () => import('use-intl/format-message/format-only'));
vi.mock('@/messages/tr.json', async () => ({ default: await precompiledMessages('tr') }));
vi.mock('@/messages/en.json', async () => ({ default: await precompiledMessages('en') }));
vi.mock('@/lib/server/logger', () => ({ getLogger: () => ({ info: () => undefined }) }));

const { catalogueText } = await import('@/lib/bff/upstream-text');
const { fieldErrorResponse, replyText, tooManyText, validationResponse } = await import('@/lib/bff/responses');
const { acceptsCurrentTexts, catalogueVersionsAgree, CONSENT_VERSIONS } = await import('@/lib/bff/consents');
const { default: tr } = await import('@/messages/tr.json');

it('runs on the build’s shape: the catalogue is compiled and the translator is the format-only one', () => {
  // A text with an argument is icu-minify's array, not the ICU string of the file.
  expect(tr.errors.fileCount).toEqual(['Maksimum ', ['count'], ' adet dosya yükleyebilirsiniz.']);
  const t = createTranslator({ locale: 'tr', messages: tr });
  expect(() => t.raw('errors.network')).toThrow('`t.raw` is not supported when messages are precompiled.');
});

describe('upstream texts (lib/bff/upstream-text.ts)', () => {
  it('matches the plain texts of the three sections, with and without arguments, in either language', () => {
    expect(catalogueText('Seçtiğiniz adres bulunamadı. Lütfen adres bilgilerinizi kontrol edin.', 'en')).toBe('The address you chose was not found. Please check your address.');
    expect(catalogueText('This field is required.', 'tr')).toBe('Bu alan zorunludur.');
    expect(catalogueText("The tariff you chose does not suit this line's infrastructure.", 'tr')).toBe('Seçtiğiniz tarife bu hattın altyapısına uygun değil.');
    expect(catalogueText('  Yeni bir kod istemeden önce lütfen 1 saniye bekleyin.\n', 'en')).toBe('Please wait 1 second before asking for a new code.');
    expect(catalogueText('Maksimum 2 adet dosya yükleyebilirsiniz.', 'en')).toBe('You can upload at most 2 files.');
    expect(catalogueText('Maksimum 1 adet dosya yükleyebilirsiniz.', 'en')).toBe('You can upload at most 1 file.');
  });

  it('never matches an ICU plural, nor a number of more than 7 digits', () => {
    expect(catalogueText('You can upload at most 2 files.', 'tr')).toBeUndefined();
    expect(catalogueText('Yeni bir kod istemeden önce lütfen 12345678 saniye bekleyin.', 'tr')).toBeUndefined();
    expect(catalogueText('Bir alanı düzeltin', 'tr')).toBeUndefined();
  });
});

describe('our own answers (lib/bff/responses.ts)', () => {
  it('fills arguments and plurals', () => {
    expect(replyText('tr', 'fileCount', { count: 2 })).toBe('Maksimum 2 adet dosya yükleyebilirsiniz.');
    expect(replyText('en', 'fileCount', { count: 1 })).toBe('You can upload at most 1 file.');
    expect(tooManyText('en', 1)).toBe('Too many attempts. Please try again in 1 second.');
    expect(tooManyText('tr', 3601)).toBe('Çok fazla deneme yaptınız. Lütfen 61 dakika sonra tekrar deneyin.');
    expect(tooManyText('en', 7201)).toBe('Too many attempts. Please try again in 3 hours.');
  });

  it('answers schema messages in the page’s language, zod’s own words as `invalid`', async () => {
    const rawEn = (await vi.importActual<{ default: typeof tr }>('@/messages/en.json')).default;
    expect(((await fieldErrorResponse('en', 'consents', 'consents').json()) as { message: string }).message).toBe(rawEn.validation.consents);
    const field = (await fieldErrorResponse('tr', 'phone', 'phone').json()) as { message: string; details: { fields: { phone: string } } };
    expect(field.message).toBe('Lütfen telefon numaranızı kontrol edin.');
    expect(field.details.fields.phone).toBe(field.message);
    const schema = z.object({ phone: z.string({ message: 'phone' }), code: z.string({ message: 'not-a-key' }) });
    expect(await validationResponse('tr', schema.safeParse({}).error!).json()).toEqual({
      status: false,
      message: 'Lütfen telefon numaranızı kontrol edin.',
      details: { fields: { phone: 'Lütfen telefon numaranızı kontrol edin.', code: 'Lütfen değeri kontrol edin.' } },
    });
  });
});

describe('consent versions (lib/bff/consents.ts)', () => {
  it('are the strings the catalogues name, the same in both', async () => {
    const raw = (await vi.importActual<{ default: typeof tr }>('@/messages/tr.json')).default;
    expect(CONSENT_VERSIONS).toEqual({
      kvkk: raw.consents.kvkk.version,
      contract: raw.consents.contract.version,
      marketing: raw.consents.marketing.version,
      commitment: raw.consents.commitment.version,
    });
    expect(catalogueVersionsAgree()).toBe(true);
    const { COMMITMENT } = await import('@/testing/consents');
    expect(acceptsCurrentTexts({ ...CONSENT_VERSIONS, marketing: false, commitment: { ...COMMITMENT, version: CONSENT_VERSIONS.commitment } })).toBe(true);
  });
});
