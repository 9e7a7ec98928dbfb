import { describe, expect, it } from 'vitest';
import { VITALS_ROUTES, vitalsRoute } from '@/lib/vitals/route';

describe('vitalsRoute', () => {
  it('names each page in both languages by its route template, and nothing else', () => {
    expect(vitalsRoute('/')).toBe('/[locale]');
    expect(vitalsRoute('/en')).toBe('/[locale]');
    expect(vitalsRoute('/nasil-yapilir')).toBe('/[locale]/nasil-yapilir');
    expect(vitalsRoute('/en/how-to')).toBe('/[locale]/nasil-yapilir');
    expect(vitalsRoute('/en/how-to/')).toBe('/[locale]/nasil-yapilir');
    expect(vitalsRoute('/yasal')).toBe('/[locale]/yasal');
    expect(vitalsRoute('/en/legal')).toBe('/[locale]/yasal');
    expect(vitalsRoute('/bu-sayfa-yok')).toBe('other');
    expect(vitalsRoute('/en/nasil-yapilir')).toBe('other');
    expect(VITALS_ROUTES).toContain(vitalsRoute('/'));
  });
});
