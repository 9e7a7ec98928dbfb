import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import tr from '@/messages/tr.json';

/** Every leaf key of a message tree, as dotted paths. */
function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function leaves(tree: object): string[] {
  return Object.values(tree).flatMap((value) => (typeof value === 'object' && value !== null ? leaves(value) : [value]));
}

describe('messages', () => {
  it('has the same keys in Turkish and English', () => {
    expect(keys(en).sort()).toEqual(keys(tr).sort());
  });

  it('has no empty text', () => {
    for (const text of [...leaves(tr), ...leaves(en)]) expect(String(text).trim()).not.toBe('');
  });

  it('uses the same arguments in both languages (an ICU plural counts as its argument)', () => {
    const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)[,}]/g)].map((match) => match[1]))].sort();
    const enByKey = new Map(keys(en).map((key) => [key, key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en)]));
    for (const key of keys(tr)) {
      const trText = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tr);
      expect(placeholders(String(enByKey.get(key))), key).toEqual(placeholders(String(trText)));
    }
  });

  it('quotes the specification texts exactly', () => {
    expect(tr.metadata.homeTitle).toBe('Online Başvuru');
    expect(tr.metadata.howToTitle).toBe('Nasıl Yapılır ?');
    expect(tr.header.howTo).toBe('Nasıl Başvuru Yapılır ?');
    expect(tr.errors.generic).toBe('Bir hatadan dolayı işleminiz alınamamaktadır. Lütfen daha sonra tekrar deneyin.');
    expect(tr.errors.network).toBe('Sunucuya erişilemiyor. Lütfen daha sonra tekrar deneyin.');
    expect(tr.validation.nationalityNumber).toBe('TC kimlik numarası uygun değil. Lütfen kontrol edin.');
  });
});
