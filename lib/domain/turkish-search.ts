import { turkishLowerCase } from '@/lib/domain/turkish-case';

/**
 * Match key for searching Turkish names (spec §5: selects search case-insensitively with the
 * dotted/dotless i handled). Lower-cases with the Turkish rules ('IŞIK' -> 'ışık', 'İstanbul' ->
 * 'istanbul'), then folds the diacritics away (ç->c, ğ->g, ı->i, ö->o, ş->s, ü->u, â->a, ...) and
 * collapses whitespace. Folding ı into i is deliberate: visitors on a non-Turkish keyboard type
 * 'sisli' for 'Şişli' and 'isik' for 'Işık', and a false extra hit in a short option list costs far
 * less than a place that cannot be found. The case step still matters: without it 'I' would fold
 * to 'i' only by accident and 'İ' would leave a stray combining dot.
 */
export function foldTurkish(text: string): string {
  return turkishLowerCase(text)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ı/g, 'i')
    .replace(/\s+/g, ' ')
    .trim();
}

const wordCharacter = /[\p{L}\p{N}]/u;

/** Whether some occurrence of `needle`, from index `from` on, follows a non-letter, non-digit. */
function startsAWord(haystack: string, needle: string, from: number): boolean {
  for (let at = from; at !== -1; at = haystack.indexOf(needle, at + 1)) {
    if (at === 0 || !wordCharacter.test(haystack[at - 1]!)) return true;
  }
  return false;
}

/**
 * Builds a filter over `options` that folds every option text once, so typing in a select with
 * thousands of streets only folds the query. Matches are substrings of the folded text, ranked:
 * text starts with the query, then a word starts with it, then anywhere; the original order is
 * kept within each rank. An empty (or blank) query returns every option.
 */
export function createOptionFilter<T extends { text: string }>(options: readonly T[]): (query: string) => T[] {
  const folded = options.map((option) => foldTurkish(String(option.text ?? '')));
  return (query) => {
    const needle = foldTurkish(query);
    if (needle === '') return options.slice();
    const atStart: T[] = [];
    const atWord: T[] = [];
    const inside: T[] = [];
    for (let i = 0; i < options.length; i++) {
      const haystack = folded[i]!;
      const at = haystack.indexOf(needle);
      if (at === -1) continue;
      const option = options[i]!;
      if (at === 0) atStart.push(option);
      else if (startsAWord(haystack, needle, at)) atWord.push(option);
      else inside.push(option);
    }
    return atStart.concat(atWord, inside);
  };
}

/** One-off filtering; for repeated queries over the same list use `createOptionFilter`. */
export function filterOptions<T extends { text: string }>(options: readonly T[], query: string): T[] {
  return createOptionFilter(options)(query);
}
