import { createTranslator } from 'use-intl/core';
import formatPrecompiled from 'use-intl/format-message/format-only';
import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import tr from '@/messages/tr.json';
import { precompiledMessages } from '@/testing/precompiled-messages';

/**
 * The build precompiles messages/*.json (next.config.ts, `experimental.messages.precompile`) and
 * formats them with use-intl's format-only formatter, which the plugin aliases in for
 * `use-intl/format-message`; vitest and the other tests read the files as they are, formatted by
 * intl-messageformat. These tests hold the two to the same words, for every text of both catalogues.
 */

type Kind = 'text' | 'number' | 'select' | 'tag';

/** icu-minify's element types (use-intl/format-message/format-only): 1 select, 2 plural, 3 selectordinal, 4 number, 5 date, 6 time. */
function argumentsOf(node: unknown, found: Map<string, Kind>): Map<string, Kind> {
  if (!Array.isArray(node)) return found;
  const [name, type, ...rest] = node as unknown[];
  if (typeof name !== 'string') {
    // A list of elements.
    for (const element of node) argumentsOf(element, found);
    return found;
  }
  if (type === undefined) found.set(name, 'text');
  else if (type === 1) {
    found.set(name, 'select');
    for (const option of Object.values(rest[0] as object)) argumentsOf(option, found);
  } else if (type === 2 || type === 3) {
    found.set(name, 'number');
    for (const option of Object.values(rest[0] as object)) argumentsOf(option, found);
  } else if (typeof type === 'number' && type !== 0) found.set(name, 'number');
  else {
    // A tag: its children follow its name.
    found.set(name, 'tag');
    for (const child of [type, ...rest]) argumentsOf(Array.isArray(child) && typeof child[0] === 'string' ? [child] : child, found);
  }
  return found;
}

/** Every text of a catalogue as [`section.key`, message]. */
function entries(tree: object, prefix = ''): [string, unknown][] {
  return Object.entries(tree).flatMap(([key, value]): [string, unknown][] =>
    typeof value === 'object' && value !== null && !Array.isArray(value) ? entries(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value]],
  );
}

const formatters = {
  getNumberFormat: (locale: string, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options),
  getPluralRules: (locale: string, options?: Intl.PluralRulesOptions) => new Intl.PluralRules(locale, options),
  getDateTimeFormat: (locale: string, options?: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options),
};

describe.each([
  ['tr', tr],
  ['en', en],
] as const)('the %s catalogue, precompiled as the build does', (locale, raw) => {
  it('keeps every key and every nesting', async () => {
    const compiled = await precompiledMessages(locale);
    expect(entries(compiled).map(([id]) => id)).toEqual(entries(raw).map(([id]) => id));
  });

  it('formats every text to the same words, with every number a plural can meet', async () => {
    const compiled = await precompiledMessages(locale);
    const errors: unknown[] = [];
    const translate = createTranslator({ locale, messages: raw, onError: (error) => errors.push(error) });
    let compared = 0;
    for (const [id, message] of entries(compiled)) {
      const kinds = argumentsOf(message, new Map());
      for (const count of kinds.size > 0 ? [0, 1, 2, 5, 21, 1000, 1234567] : [0]) {
        const values = Object.fromEntries(
          [...kinds].map(([name, kind]) => {
            if (kind === 'number') return [name, count];
            if (kind === 'tag') return [name, (chunks: string[]) => `<${name}>${chunks.join('')}</${name}>`];
            return [name, `«${name}»`];
          }),
        );
        const expected = translate.markup(id as never, values as never);
        const actual = formatPrecompiled(id, message as never, values, { locale, formatters } as never);
        expect(Array.isArray(actual) ? actual.join('') : actual, `${id} with ${count}`).toBe(expected);
        compared += 1;
      }
    }
    expect(errors).toEqual([]);
    // Every text was compared, those with arguments several times.
    expect(compared).toBeGreaterThan(entries(raw).length);
  });
});

it('the build’s formatter reads no raw message (`t.raw` is refused with precompiled messages)', () => {
  expect(formatPrecompiled.raw).toBe(false);
});
