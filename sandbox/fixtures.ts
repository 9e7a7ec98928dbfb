import { addressOptions, resolveBbk, type ResolvedAddress } from '@/sandbox/address';
import { currentProviderOf, DEFAULT_CAMPAIGN_END_DATE } from '@/sandbox/catalog';
import { textPdf } from '@/sandbox/pdf';
import type { Store } from '@/sandbox/store';

/**
 * The fixture customers (docs/sandbox.md). TC numbers have valid checksums; phones and mails are
 * the sandbox's own (codes are only printed and kept in the outbox).
 */
export const FIXTURE_CUSTOMERS = {
  approved: { nationality_number: '10000000146', phone: '+90 (532) 000 00 01', mail: 'ayse.yilmaz@example.com' },
  notSent: { nationality_number: '10000000214', phone: '+90 (533) 000 00 02', mail: 'mehmet.demir@example.com' },
  underApproval: { nationality_number: '10000000382', phone: '+90 (534) 000 00 03', mail: 'zeynep.kaya@example.com' },
} as const;

/** Service number of the fixture transfer (so it cannot be transferred again). */
export const FIXTURE_TRANSFER_SERVICE_NUMBER = '1712345678';

export const SETTING_CAMPAIGN_END_DATE = 'campaign_end_date';
/** Settings key of the countries hook: 'omitted' leaves the countries out of the settings' answer. */
export const SETTING_SETTINGS_COUNTRIES = 'settings_countries';

/** Noon UTC of a calendar day, in unix seconds. */
const day = (year: number, month: number, date: number) => Date.UTC(year, month - 1, date, 12) / 1000;

/** An inner door found by walking the cascade: province, district name, then the n-th option of each level. */
export function fixtureAddress(plate: number, districtName: string, picks: { neighbourhood: number; door: number }): ResolvedAddress {
  const district = addressOptions('city', plate)?.find((option) => option.text === districtName);
  if (!district) throw new Error(`fixture district ${districtName} not found`);
  const township = addressOptions('district', district.value)![0]!;
  const village = addressOptions('township', township.value)![0]!;
  const neighbourhood = addressOptions('village', village.value)![picks.neighbourhood]!;
  const street = addressOptions('neighborhood', neighbourhood.value)![0]!;
  const building = addressOptions('street', street.value)![0]!;
  const door = addressOptions('building', building.value)![picks.door - 1]!;
  return resolveBbk(door.value)!;
}

function samplePdf(store: Store, title: string, lines: string[]): string {
  return store.saveFile(textPdf(title, [...lines, '', 'Bu belge sandbox ortaminda olusturulmus bir ornektir.']), 'pdf');
}

export function seedFixtures(store: Store, options: { nowMs: number; campaignEndDate?: string }): void {
  const created = options.nowMs;
  store.db.transaction(() => {
    store.setSetting(SETTING_CAMPAIGN_END_DATE, options.campaignEndDate ?? DEFAULT_CAMPAIGN_END_DATE);

    // 1. Identity approved; three subscriptions in three states.
    const ayse = store.insertCustomer({
      id: 501,
      nationality_number: FIXTURE_CUSTOMERS.approved.nationality_number,
      nationality: 'TR',
      nationality_serial_no: 'A12B34567',
      name: 'Ayşe',
      surname: 'Yılmaz',
      phone: FIXTURE_CUSTOMERS.approved.phone,
      mail: FIXTURE_CUSTOMERS.approved.mail,
      gender: 1,
      birthdate: day(1985, 3, 12),
      mother_name: 'Fatma',
      father_name: 'Mehmet',
      job: 'OGRETMEN',
      security_word: 'Papatya',
      identity_status: 2,
      identity_front: samplePdf(store, 'Kimlik Karti - On Yuz', ['Ayşe Yılmaz', 'TC 10000000146']),
      identity_back: samplePdf(store, 'Kimlik Karti - Arka Yuz', ['Ayşe Yılmaz', 'Seri A12B34567']),
      created_at: created,
    });
    const kadikoyFibre = fixtureAddress(34, 'Kadıköy', { neighbourhood: 2, door: 2 });
    store.insertSubscription({
      id: 1001,
      customer_id: ayse,
      status: 200,
      reference_type: 1,
      subscription_type: 1,
      service_number: '3000001001',
      bbk: kadikoyFibre.bbk,
      address: JSON.stringify(kadikoyFibre.texts),
      product_id: 1,
      pre_price_paid_type: 1,
      campaign_code: 'KAMPANYA50',
      auth_username: 'ayse.yilmaz.1001',
      auth_password: 'Modem-4821',
      register_date: day(2024, 3, 10),
    });
    const kadikoyGbps = fixtureAddress(34, 'Kadıköy', { neighbourhood: 4, door: 1 });
    store.insertSubscription({
      id: 1002,
      customer_id: ayse,
      status: 2,
      reference_type: 2,
      subscription_type: 1,
      service_number: FIXTURE_TRANSFER_SERVICE_NUMBER,
      current_company: currentProviderOf(FIXTURE_TRANSFER_SERVICE_NUMBER),
      bbk: kadikoyGbps.bbk,
      address: JSON.stringify(kadikoyGbps.texts),
      product_id: 2,
      reference_code: 'REFERANS30',
      register_date: day(2025, 1, 15),
    });
    const office = fixtureAddress(34, 'Kadıköy', { neighbourhood: 6, door: 1 });
    store.insertSubscription({
      id: 1003,
      customer_id: ayse,
      status: 3,
      reference_type: 1,
      subscription_type: 2,
      service_number: '3000001003',
      bbk: office.bbk,
      address: JSON.stringify(office.texts),
      product_id: 3,
      pre_price_paid_type: 0,
      company: JSON.stringify({ name: 'Yılmaz Yazılım Ltd. Şti.', tax_central: 'Kadıköy Vergi Dairesi', tax_number: '9876543210' }),
      docs_status: 3,
      docs_message: 'Vergi levhası okunaklı değil. Lütfen belgeleri yeniden yükleyin.',
      tax_plate: samplePdf(store, 'Vergi Levhasi', ['Yılmaz Yazılım Ltd. Şti.']),
      signature_circular: samplePdf(store, 'Imza Sirkuleri', ['Yılmaz Yazılım Ltd. Şti.']),
      register_date: day(2025, 6, 1),
    });

    // 2. Identity not sent; one new application.
    const mehmet = store.insertCustomer({
      id: 502,
      nationality_number: FIXTURE_CUSTOMERS.notSent.nationality_number,
      nationality: 'TR',
      nationality_serial_no: 'B98C76543',
      name: 'Mehmet',
      surname: 'Demir',
      phone: FIXTURE_CUSTOMERS.notSent.phone,
      mail: FIXTURE_CUSTOMERS.notSent.mail,
      gender: 2,
      birthdate: day(1990, 7, 4),
      mother_name: 'Hatice',
      father_name: 'Ali',
      job: 'MUHENDIS',
      security_word: 'Zeytin',
      identity_status: 0,
      created_at: created,
    });
    const cankayaVdsl = fixtureAddress(6, 'Çankaya', { neighbourhood: 3, door: 7 });
    store.insertSubscription({
      id: 1004,
      customer_id: mehmet,
      status: 1,
      reference_type: 1,
      subscription_type: 1,
      service_number: '3000001004',
      bbk: cankayaVdsl.bbk,
      address: JSON.stringify(cankayaVdsl.texts),
      product_id: 6,
      pre_price_paid_type: 1,
      register_date: day(2025, 9, 1),
    });

    // 3. Identity under approval; no subscriptions.
    store.insertCustomer({
      id: 503,
      nationality_number: FIXTURE_CUSTOMERS.underApproval.nationality_number,
      nationality: 'TR',
      nationality_serial_no: 'C55D11223',
      name: 'Zeynep',
      surname: 'Kaya',
      phone: FIXTURE_CUSTOMERS.underApproval.phone,
      mail: FIXTURE_CUSTOMERS.underApproval.mail,
      gender: 1,
      birthdate: day(1998, 11, 23),
      mother_name: 'Elif',
      father_name: 'Hasan',
      job: 'YAZILIMCI',
      security_word: 'Deniz',
      identity_status: 1,
      identity_front: samplePdf(store, 'Kimlik Karti - On Yuz', ['Zeynep Kaya', 'TC 10000000382']),
      identity_back: samplePdf(store, 'Kimlik Karti - Arka Yuz', ['Zeynep Kaya', 'Seri C55D11223']),
      created_at: created,
    });
  })();
}
