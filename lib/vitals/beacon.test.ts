import { describe, expect, it } from 'vitest';
import { histogramValue, vitalsBeaconSchema } from '@/lib/vitals/beacon';

const beacon = { route: '/[locale]', device: 'mobile', metrics: [{ name: 'LCP', value: 1800.4 }, { name: 'CLS', value: 0.02 }] };
const valid = (value: unknown) => vitalsBeaconSchema.safeParse(value).success;

describe('vitalsBeaconSchema', () => {
  it('takes a beacon of known metrics with values in range', () => {
    expect(valid(beacon)).toBe(true);
    expect(valid({ ...beacon, metrics: [{ name: 'INP', value: 0 }, { name: 'TTFB', value: 60_000 }, { name: 'FCP', value: 900 }] })).toBe(true);
  });

  it('refuses values out of range, unknown names, routes and devices, a metric twice, extra fields and empty beacons', () => {
    expect(valid({ ...beacon, metrics: [{ name: 'LCP', value: -1 }] })).toBe(false);
    expect(valid({ ...beacon, metrics: [{ name: 'LCP', value: 60_001 }] })).toBe(false);
    expect(valid({ ...beacon, metrics: [{ name: 'CLS', value: 11 }] })).toBe(false);
    expect(valid({ ...beacon, metrics: [{ name: 'LCP', value: Number.NaN }] })).toBe(false);
    expect(valid({ ...beacon, metrics: [{ name: 'FID', value: 10 }] })).toBe(false);
    expect(valid({ ...beacon, route: '/kullanici/10000000146' })).toBe(false);
    expect(valid({ ...beacon, device: 'iPhone 15' })).toBe(false);
    expect(valid({ ...beacon, metrics: [{ name: 'LCP', value: 1 }, { name: 'LCP', value: 2 }] })).toBe(false);
    expect(valid({ ...beacon, phone: '+90 (532) 000 00 01' })).toBe(false);
    expect(valid({ ...beacon, metrics: [{ name: 'LCP', value: 1, id: 'v5-123' }] })).toBe(false);
    expect(valid({ ...beacon, metrics: [] })).toBe(false);
    expect(valid('LCP=1')).toBe(false);
  });

  it('keeps times in seconds and CLS as it is', () => {
    expect(histogramValue('LCP', 2500)).toBe(2.5);
    expect(histogramValue('CLS', 0.1)).toBe(0.1);
  });
});
