// The tools the bench runs, made sure of before anything starts, the way the browser tests make
// sure of theirs (scripts/test-tools.ts's ensureTools(), which scripts/ensure-test-tools.ts calls
// too): a Chromium for Lighthouse, the first-load step and the lab vitals, the one findChromium()
// (scripts/browser.ts) finds (CHROME_PATH, else Debian's chromium-headless-shell, installed where it
// is missing and apt-get serves, else Debian's chromium, else Playwright's own); and Debian's wrk,
// nginx with its brotli modules, redis-server and curl, installed the same way. So a fresh machine
// that ran `npm test` (which brought the headless shell, not /usr/bin/chromium) runs the bench too.
import { existsSync } from 'node:fs';
import { tsImport } from 'tsx/esm/api';

/** Debian's wrk (`apt-get install wrk`), or the one WRK_PATH names. */
export const wrkPath = process.env.WRK_PATH || '/usr/bin/wrk';

/** Debian's packages the bench needs beside the browser, each with the file that shows it is there. */
const benchParts = [
  ...(process.env.WRK_PATH ? [] : [['wrk', wrkPath]]),
  ['nginx', '/usr/sbin/nginx'],
  ['libnginx-mod-http-brotli-filter', '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so'],
  ['libnginx-mod-http-brotli-static', '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'],
  ['redis-server', '/usr/bin/redis-server'],
  // The scrapes under load (scripts/bench/observability.mjs).
  ['curl', '/usr/bin/curl'],
];

/** The Chromium ensureBenchTools() chose. */
let chromium;

/**
 * Finds (or installs) the bench's Chromium and Debian's parts; throws, saying what to install, when
 * something is still missing. Answers the Chromium: { executablePath, source }.
 */
export async function ensureBenchTools() {
  const { ensureTools } = await tsImport('../test-tools.ts', import.meta.url);
  const { chromium: found, missing } = ensureTools(benchParts, 'bench');
  if (!found) throw new Error('no Chromium for Lighthouse and the lab vitals: install one (Debian: `apt-get install chromium-headless-shell`; elsewhere `npx playwright install chromium`) or set CHROME_PATH');
  if (!existsSync(found.executablePath)) throw new Error(`CHROME_PATH names ${found.executablePath}, which does not exist: point it at a Chromium binary, or unset it`);
  if (missing.length) throw new Error(`no ${missing.join(', ')}: apt-get install ${benchParts.map(([name]) => name).join(' ')}${process.env.WRK_PATH ? '' : ' (or set WRK_PATH)'}`);
  chromium = found;
  return found;
}

/** The Chromium the bench runs (ensureBenchTools() first). */
export function chromePath() {
  if (!chromium) throw new Error('the bench chose no Chromium yet: ensureBenchTools() first');
  return chromium.executablePath;
}
