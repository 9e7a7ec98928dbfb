import { describe, expect, it } from 'vitest';
import { acceptedDocumentsOf, filedSubscriptionOf } from '@/lib/documents/accepted';
import { acceptedDocumentsPdf } from '@/lib/documents/pdf';
import { COMMITMENT } from '@/testing/consents';
import tr from '@/messages/tr.json';

const consents = { kvkk: tr.consents.kvkk.version, contract: tr.consents.contract.version, marketing: false as const, commitment: COMMITMENT };
const now = new Date('2026-11-29T09:30:00Z');

describe('acceptedDocumentsOf: what an applicant accepted, as they accepted it', () => {
  it('keeps the texts in their version and language, and the commitment summary’s lines with its figures', () => {
    const record = acceptedDocumentsOf({ subscriptionId: 42, customerId: 7, consents, locale: 'tr', productName: 'Limitsiz Fiber 100', now });
    expect(record).toMatchObject({ subscriptionId: 42, customerId: 7, acceptedAt: '2026-11-29T09:30:00.000Z', locale: 'tr' });
    expect(record.texts.map((text) => [text.kind, text.version, text.title])).toEqual([
      ['contract', '2026-11', 'Ön Bilgilendirme Formu ve Mesafeli Sözleşme'],
      ['kvkk', '2026-11', 'KVKK Aydınlatma Metni'],
    ]);
    expect(record.texts[0]!.text).toBe(tr.consents.contract.text);
    expect(record.commitment.lines.slice(0, 7)).toEqual([
      { label: 'Tarife', value: 'Limitsiz Fiber 100' },
      { label: 'Kurulum ücreti', value: '1.800 TL' },
      { label: 'Taahhüt süresi', value: '12 ay' },
      { label: 'Taahhütsüz aylık ücret', value: '499,90 TL' },
      { label: 'Taahhüt boyunca ortalama aylık ücret', value: '592,40 TL' },
      { label: 'En düşük cayma bedeli', value: '80 TL (1. ayın sonunda ayrılırsanız)' },
      { label: 'En yüksek cayma bedeli', value: '590 TL (10. ayın sonunda ayrılırsanız)' },
    ]);
  });

  it('adds the messages opt-in only when it was given; English in English', () => {
    const record = acceptedDocumentsOf({ subscriptionId: 42, customerId: null, consents: { ...consents, marketing: '2026-11' }, locale: 'en', productName: null, now });
    expect(record.texts.map((text) => text.kind)).toEqual(['contract', 'kvkk', 'marketing']);
    expect(record.commitment.lines[0]).toEqual({ label: 'Setup fee', value: '1,800 TL' });
  });

  it('finds the subscription a filing created: a visitor’s newest, a customer’s own answer', () => {
    const user = { user_id: 7, data: {}, subscriptions: [{ subscription_id: 3, info: { register_date: 10 } }, { subscription_id: 9, info: { register_date: 20 }, data: { product: { name: 'Fiber' } } }] };
    expect(filedSubscriptionOf('registerStep4', { token: 't', user })).toEqual({ subscriptionId: 9, customerId: 7, productName: 'Fiber' });
    expect(filedSubscriptionOf('authRegisterStep2', { subscription_id: 5, data: { product: { name: 'VDSL' } } })).toEqual({ subscriptionId: 5, customerId: null, productName: 'VDSL' });
    expect(filedSubscriptionOf('registerStep4', { token: 't' })).toBeNull();
  });
});

describe('acceptedDocumentsPdf', () => {
  it('is a PDF whose only font is the embedded DejaVu Sans (the standard fonts cannot encode ğ ş ı İ)', async () => {
    const pdf = await acceptedDocumentsPdf(acceptedDocumentsOf({ subscriptionId: 42, customerId: 7, consents, locale: 'tr', productName: 'Limitsiz Fiber 100', now }));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/FontFile2/);
    expect(raw).toMatch(/DejaVuSans/);
    expect(raw).not.toMatch(/\/BaseFont \/(Helvetica|Times|Courier)/);
    // Text, not pictures: a ToUnicode map lets a reader select and search it (e2e/documents.spec.ts reads it back).
    expect(raw).toMatch(/\/ToUnicode/);
    // About a second (the font's subset); more on a busy machine.
  }, 20_000);
});
