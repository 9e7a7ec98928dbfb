#!/usr/bin/env bash
# Mutation testing (CONTRIBUTING.md): Stryker 10 over the folders and files listed in
# stryker.config.mjs (lib/validation, lib/domain, lib/bff, lib/application; lib/server's limits and
# Redis client). Stryker 10 needs Node 22+, so it runs under
# the Node 24 of scripts/node24.sh; only the unit tests inside those folders run.
# Fails when the total or any folder scores below 80 %, a folder counting every file under it.
# Extra arguments go to `stryker run`: `--mutate lib/bff/csrf.ts,lib/bff/device.ts` scores a subset.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(bash scripts/node24.sh)"
export PATH="$root/bin:$PATH"
# The sandbox copies of the project live outside it, so that lint and tsc never see them.
temp="$(mktemp -d "${TMPDIR:-/tmp}/online-basvuru-stryker.XXXXXX")"
trap 'rm -rf "$temp"' EXIT
# Node keeps the bytecode of the modules it loads (Vitest, zod, ioredis…) for the next worker: every
# mutant's run starts a fresh one, and compiling them again each time is work saved. Nothing is kept
# past this run.
export NODE_COMPILE_CACHE="$temp/compile-cache"
node node_modules/@stryker-mutator/core/bin/stryker.js run --tempDirName "$temp" "$@"

node --input-type=module - <<'JS'
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
const { mutatedFolders } = await import(pathToFileURL('stryker.config.mjs').href);
const report = JSON.parse(readFileSync('reports/mutation/mutation.json', 'utf8'));
const folders = new Map();
for (const [file, { mutants }] of Object.entries(report.files)) {
  const folder = mutatedFolders.find((listed) => file.startsWith(`${listed}/`)) ?? file.split('/').slice(0, -1).join('/');
  const count = folders.get(folder) ?? { detected: 0, valid: 0 };
  for (const { status } of mutants) {
    if (status === 'Killed' || status === 'Timeout') count.detected++;
    if (['Killed', 'Timeout', 'Survived', 'NoCoverage'].includes(status)) count.valid++;
  }
  folders.set(folder, count);
}
let failed = false;
for (const [folder, { detected, valid }] of [...folders].sort()) {
  const score = valid ? (100 * detected) / valid : 100;
  failed ||= score < 80;
  console.log(`${folder}: ${score.toFixed(2)} % (${detected}/${valid} mutants detected)${score < 80 ? ' below the 80 % budget' : ''}`);
}
process.exit(failed ? 1 : 0);
JS
