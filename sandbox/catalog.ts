import type { Campaign, Country, Job, Product, SetupPrice } from '@/lib/api/types';

/** Static catalogue of the sandbox: tariffs, jobs, countries, codes and fictional providers. */

/** Setup-fee options of spec §1's tariff notice. */
const fiberSetup: SetupPrice[] = [
  { name: 'Peşin', payment_type: 'upfront', installment_count: 1, price: 999, total_price: 999 },
  { name: '12 Taksit', payment_type: 'installment', installment_count: 12, price: 150, total_price: 1800 },
];
const vdslSetup: SetupPrice[] = [
  { name: 'Peşin', payment_type: 'upfront', installment_count: 1, price: 1998, total_price: 1998 },
  { name: '12 Taksit', payment_type: 'installment', installment_count: 12, price: 300, total_price: 3600 },
];

export interface CatalogProduct extends Product {
  /** Upload speed in Mbps (shown in a subscription's tariff info). */
  up_speed: number;
}

export const products: readonly CatalogProduct[] = [
  { product_id: 1, name: 'Limitsiz Fiber 100', speed: 100, up_speed: 20, price: 499.9, discount_price: 449.9, connection_type: 1, setup_prices: fiberSetup },
  { product_id: 2, name: 'Limitsiz Fiber 200', speed: 200, up_speed: 40, price: 599.9, discount_price: null, connection_type: 1, setup_prices: fiberSetup },
  { product_id: 3, name: 'Limitsiz Fiber 1000', speed: 1000, up_speed: 100, price: 899.9, discount_price: 799.9, connection_type: 1, setup_prices: fiberSetup },
  { product_id: 4, name: 'Limitsiz VDSL 16', speed: 16, up_speed: 1, price: 349.9, discount_price: null, connection_type: 2, setup_prices: vdslSetup },
  { product_id: 5, name: 'Limitsiz VDSL 24', speed: 24, up_speed: 3, price: 399.9, discount_price: 379.9, connection_type: 2, setup_prices: vdslSetup },
  { product_id: 6, name: 'Limitsiz VDSL 35', speed: 35, up_speed: 5, price: 449.9, discount_price: null, connection_type: 2, setup_prices: vdslSetup },
];

export function productById(id: number): CatalogProduct | undefined {
  return products.find((product) => product.product_id === id);
}

/** The answer shape of a product (without the sandbox-only fields). */
export function publicProduct(product: CatalogProduct): Product {
  return {
    product_id: product.product_id,
    name: product.name,
    speed: product.speed,
    price: product.price,
    discount_price: product.discount_price,
    connection_type: product.connection_type,
    setup_prices: product.setup_prices.map((option) => ({ ...option })),
  };
}

/** Monthly fee the customer pays: the discount price, or else the price. */
export function monthlyFee(product: Product): number {
  return product.discount_price ?? product.price;
}

export const jobs: readonly Job[] = [
  { name: 'Öğretmen', code: 'OGRETMEN' },
  { name: 'Mühendis', code: 'MUHENDIS' },
  { name: 'Doktor', code: 'DOKTOR' },
  { name: 'Hemşire', code: 'HEMSIRE' },
  { name: 'Avukat', code: 'AVUKAT' },
  { name: 'Muhasebeci', code: 'MUHASEBECI' },
  { name: 'Yazılım Geliştirici', code: 'YAZILIMCI' },
  { name: 'Esnaf', code: 'ESNAF' },
  { name: 'İşçi', code: 'ISCI' },
  { name: 'Memur', code: 'MEMUR' },
  { name: 'Serbest Meslek', code: 'SERBEST' },
  { name: 'Öğrenci', code: 'OGRENCI' },
  { name: 'Emekli', code: 'EMEKLI' },
  { name: 'Ev Hanımı', code: 'EV_HANIMI' },
  { name: 'Diğer', code: 'DIGER' },
];

export const countries: readonly Country[] = [
  { code: 'TR', name: 'Türkiye' },
  { code: 'AZ', name: 'Azerbaycan' },
  { code: 'DE', name: 'Almanya' },
  { code: 'NL', name: 'Hollanda' },
  { code: 'GB', name: 'Birleşik Krallık' },
  { code: 'FR', name: 'Fransa' },
  { code: 'BG', name: 'Bulgaristan' },
  { code: 'GR', name: 'Yunanistan' },
  { code: 'RU', name: 'Rusya' },
  { code: 'UA', name: 'Ukrayna' },
  { code: 'IR', name: 'İran' },
  { code: 'US', name: 'Amerika Birleşik Devletleri' },
];

export const DEFAULT_CAMPAIGN_END_DATE = '2027-10-31';

const MONTHS = ['Ocak', 'Şubat', 'Mart', 'Nisan', 'Mayıs', 'Haziran', 'Temmuz', 'Ağustos', 'Eylül', 'Ekim', 'Kasım', 'Aralık'];

/** The welcome discount of spec §1, or null once its end date (a day in Türkiye) has passed. */
export function welcomeCampaign(endDate: string, nowMs: number): Campaign | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(endDate);
  if (!match) return null;
  const today = new Date(nowMs + 3 * 3600_000).toISOString().slice(0, 10); // Europe/Istanbul, UTC+3 all year
  if (today > endDate) return null;
  const [, year, month, day] = match;
  return {
    title: 'Hoş Geldin İndirimi',
    text: `${Number(day)} ${MONTHS[Number(month) - 1] ?? ''} ${year} tarihine kadar yapılan yeni abonelik ve transfer başvurularında 3 ay boyunca aylık 30 TL indirim!`,
    image: '/campaign/welcome.svg',
    end_date: endDate,
  };
}

export interface Discount {
  code: string;
  monthly_discount: number;
  months: number;
}

export const campaignCodes: Readonly<Record<string, Discount>> = {
  KAMPANYA50: { code: 'KAMPANYA50', monthly_discount: 50, months: 3 },
};
export const referenceCodes: Readonly<Record<string, Discount>> = {
  REFERANS30: { code: 'REFERANS30', monthly_discount: 30, months: 12 },
};

/** Fictional current providers a transferred line can be with (no real brands). */
const providers = ['Anadolu Net', 'Marmara Telekom', 'Ege İletişim', 'Karadeniz Bağlantı', 'Toros Fiber'] as const;

/** Connection type of a service number by its prefix (spec §9), or null when the number is unknown. */
export function serviceNumberConnectionType(serviceNumber: string): 1 | 2 | null {
  if (serviceNumber.startsWith('17')) return 1;
  if (serviceNumber.startsWith('18') || serviceNumber.startsWith('88')) return 2;
  return null;
}

/** The provider a service number is with now: fixed by its digits. */
export function currentProviderOf(serviceNumber: string): string {
  const sum = [...serviceNumber].reduce((total, digit) => total + Number(digit), 0);
  return providers[sum % providers.length]!;
}
