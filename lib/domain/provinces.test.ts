import { describe, expect, it } from 'vitest';
import { getProvinces } from '@/lib/domain/provinces';

describe('getProvinces', () => {
  it('lists the 81 provinces by plate code in Turkish order', () => {
    const provinces = getProvinces();
    expect(provinces).toHaveLength(81);
    expect(provinces).toContainEqual({ value: 34, text: 'İstanbul' });
    expect(provinces).toContainEqual({ value: 6, text: 'Ankara' });
    const names = provinces.map((p) => p.text);
    expect(names.indexOf('Çanakkale')).toBeGreaterThan(names.indexOf('Bursa'));
    expect(names.indexOf('İzmir')).toBeGreaterThan(names.indexOf('Iğdır'));
  });
});
