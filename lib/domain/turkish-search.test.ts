import { describe, expect, it } from 'vitest';
import { createOptionFilter, filterOptions, foldTurkish } from '@/lib/domain/turkish-search';

const texts = <T extends { text: string }>(list: T[]) => list.map((option) => option.text);
const opts = (...names: string[]) => names.map((text, value) => ({ value, text }));

describe('foldTurkish', () => {
  it('lower-cases with the Turkish i rules', () => {
    expect(foldTurkish('IŞIK')).toBe(foldTurkish('ışık'));
    expect(foldTurkish('İstanbul')).toBe('istanbul');
    expect(foldTurkish('İSTANBUL')).toBe(foldTurkish('istanbul'));
  });

  it('folds the diacritics so ASCII queries match', () => {
    expect(foldTurkish('Şişli')).toBe('sisli');
    expect(foldTurkish('ÇĞİÖŞÜ çğıöşü')).toBe('cgiosu cgiosu');
    expect(foldTurkish('Işık')).toBe('isik');
    expect(foldTurkish('Kâzım Karabekir')).toBe('kazim karabekir');
  });

  it('folds decomposed input the same as composed', () => {
    expect(foldTurkish('S\u0327is\u0327li')).toBe('sisli');
    expect(foldTurkish('I\u0307stanbul')).toBe('istanbul');
  });

  it('collapses and trims whitespace', () => {
    expect(foldTurkish('  Atatürk \t  Cd.\n')).toBe('ataturk cd.');
    expect(foldTurkish('')).toBe('');
    expect(foldTurkish('   ')).toBe('');
  });
});

describe('filterOptions', () => {
  const provinces = opts('İstanbul', 'Iğdır', 'Isparta', 'Şırnak', 'Ağrı', 'Kırşehir', 'Eskişehir', 'Sinop');

  it('matches across case and the dotted/dotless i', () => {
    expect(texts(filterOptions(provinces, 'istanbul'))).toEqual(['İstanbul']);
    expect(texts(filterOptions(provinces, 'ISTANBUL'))).toEqual(['İstanbul']);
    expect(texts(filterOptions(provinces, 'ığdır'))).toEqual(['Iğdır']);
  });

  it('lets a plain-ASCII query find Turkish names', () => {
    expect(texts(filterOptions(opts('Şişli', 'Beşiktaş', 'Kadıköy'), 'sisli'))).toEqual(['Şişli']);
    expect(texts(filterOptions(opts('Şişli', 'Beşiktaş', 'Kadıköy'), 'kadikoy'))).toEqual(['Kadıköy']);
    expect(texts(filterOptions(provinces, 'sirnak'))).toEqual(['Şırnak']);
  });

  it('ranks prefix matches, then word starts, then the rest, keeping order within each', () => {
    const streets = opts('Yeni Mahalle Sk.', 'Mahalle Cd.', 'Kemahalle', 'Mahallebici Sk.', 'Üst (Mahalle) Yolu');
    expect(texts(filterOptions(streets, 'mahalle'))).toEqual([
      'Mahalle Cd.',
      'Mahallebici Sk.',
      'Yeni Mahalle Sk.',
      'Üst (Mahalle) Yolu',
      'Kemahalle',
    ]);
  });

  it('finds a word start after an earlier mid-word occurrence', () => {
    expect(texts(filterOptions(opts('Xabc-abc', 'Yabc'), 'abc'))).toEqual(['Xabc-abc', 'Yabc']);
  });

  it('returns every option for an empty or blank query, as a new array', () => {
    const all = filterOptions(provinces, '');
    expect(all).toEqual(provinces);
    expect(all).not.toBe(provinces);
    expect(filterOptions(provinces, '   ')).toHaveLength(provinces.length);
  });

  it('returns nothing for an empty list or no match', () => {
    expect(filterOptions([], 'a')).toEqual([]);
    expect(filterOptions(provinces, 'zzz')).toEqual([]);
  });

  it('matches whitespace-insensitively', () => {
    expect(texts(filterOptions(opts('Yeni  Mahalle'), ' yeni   mah '))).toEqual(['Yeni  Mahalle']);
  });

  it('returns the option objects themselves', () => {
    const [first] = filterOptions(provinces, 'sinop');
    expect(first).toBe(provinces[7]);
  });

  it('tolerates options whose text is missing at runtime', () => {
    const odd = [{ text: undefined as unknown as string }, { text: 'Ankara' }];
    expect(texts(filterOptions(odd, 'ank'))).toEqual(['Ankara']);
    expect(texts(filterOptions(odd, 'a'))).toEqual(['Ankara']);
    expect(texts(filterOptions(odd, 'e'))).toEqual([]);
  });
});

describe('createOptionFilter', () => {
  it('folds each option once, not once per query', () => {
    let reads = 0;
    const options = Array.from({ length: 3 }, (_, i) => ({
      get text() {
        reads++;
        return `Sokak ${i}`;
      },
    }));
    const filter = createOptionFilter(options);
    filter('sokak');
    filter('1');
    filter('');
    expect(reads).toBe(3);
  });

  // Under mutation testing (npm run test:mutation) every line is instrumented: a time says nothing there.
  it.skipIf(process.env.STRYKER_MUTATOR_WORKER !== undefined)('stays fast over thousands of options', () => {
    const streets = Array.from({ length: 20_000 }, (_, i) => ({ value: i, text: `Çiçek ${i}. Sokak` }));
    const filter = createOptionFilter(streets);
    const started = performance.now();
    for (let i = 0; i < 20; i++) filter(`cicek ${i}`);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(filter('cicek 19999.')).toHaveLength(1);
  });
});
