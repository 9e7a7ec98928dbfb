// The flags every Chromium this project starts runs with: the Playwright suite (playwright.config.ts)
// and the benchmarks (scripts/bench/). Plain JavaScript, so the benchmarks import it under any
// supported Node; scripts/chromium-flags.d.mts types it for TypeScript.

/** No sandbox or GPU in containers, /tmp instead of a small /dev/shm, and no traffic of its own. */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
