import { describe, expect, it } from 'vitest';
import { reviewStatusKey } from '@/lib/profile/review';
import en from '@/messages/en.json';
import tr from '@/messages/tr.json';

describe('profile texts', () => {
  it('quote the specification exactly', () => {
    expect(tr.profile.upload.successTitle).toBe('Dosyalar Yüklend');
    expect(tr.errors.fileCount).toBe('Maksimum {count} adet dosya yükleyebilirsiniz.');
    expect(tr.errors.fileType).toBe('Yüklediğiniz dosya uygun değil.');
    expect(tr.errors.fileTooLarge).toBe('Yüklediğiniz dosya, maksimum boyutun üstünde.');
    expect(tr.subscription.emptyTitle).toBe('Abonelik Bulunamadı');
    expect(tr.subscription.emptyText).toBe('Hesabınıza ait abonelik bilgisi bulunamadı.');
  });

  it('label and explain every identity and company-documents status in both languages', () => {
    for (const status of [0, 1, 2, 3, 9]) {
      const key = reviewStatusKey(status);
      for (const messages of [tr, en]) {
        expect(messages.profile.review[key]).toBeTruthy();
        expect(messages.profile.identity.notice[key]).toBeTruthy();
        expect(messages.profile.companyDocs.notice[key]).toBeTruthy();
      }
    }
  });
});
