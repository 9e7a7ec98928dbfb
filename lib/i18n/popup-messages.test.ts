import { describe, expect, it } from 'vitest';
import { subscriptionStatusKey } from '@/lib/domain/subscription';
import en from '@/messages/en.json';
import tr from '@/messages/tr.json';

describe('popup and login texts', () => {
  it('quote the specification exactly', () => {
    expect(tr.header.contact).toBe('İletişim Formu');
    expect(tr.header.inquiry).toBe('Başvuru Sorgulama');
    expect(tr.login.submit).toBe('Giriş Yap');
    expect(tr.login.confirm).toBe('Kodu Onayla');
    expect(tr.validationTitles.nationalityNumber).toBe('TC Kimlik Numarası Hatalı');
    expect(tr.validation.nationalityNumber).toBe('TC kimlik numarası uygun değil. Lütfen kontrol edin.');
    expect(tr.validationTitles.loginSmsCode).toBe('SMS Kodu Hatalı');
    expect(tr.validation.loginSmsCode).toBe('Lütfen SMS kodunuzu doğru ve eksiksiz olarak yazın.');
    expect(tr.noCode.addCode).toBe('Kod Ekle');
    expect(tr.noCode.continue).toBe('Eklemeden Devam Et');
    expect(tr.registeredUser.login).toBe('Giriş Yap');
    expect(tr.common.cancel).toBe('Vazgeç');
    expect(tr.common.ok).toBe('Tamam');
    expect(tr.errors.title).toBe('Bir Hata Oluştu');
    expect(tr.errors.genericShort).toBe('Bir hata oluştu. Lütfen daha sonra tekrar deneyin.');
    expect(tr.subscription.emptyTitle).toBe('Abonelik Bulunamadı');
    expect(tr.subscription.emptyText).toBe('Hesabınıza ait abonelik bilgisi bulunamadı.');
    expect(tr.contactForm.phonePlaceholder).toBe('+90 (___) ___ __ __');
  });

  it('label every subscription status of spec §4 in both languages', () => {
    for (const status of [1, 2, 3, 4, 5, 200, 998, 999, 0]) {
      const key = subscriptionStatusKey(status);
      expect(tr.subscription.status[key], `tr ${status}`).toBeTruthy();
      expect(en.subscription.status[key], `en ${status}`).toBeTruthy();
    }
    expect(tr.subscription.status.new).toBe('Yeni Başvuru');
  });
});
