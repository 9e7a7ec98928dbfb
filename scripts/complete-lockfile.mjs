// Still needed: this machine's registry lacks the pinned versions of other platforms' binaries (say, @next/swc-darwin-arm64@16.4.6), so `npm install` leaves them out and `npm ci` refuses the lock.
// It adds those entries, optional and marked with their platform, which `npm ci` skips on Linux; they alone have no
// integrity (scripts/lockfile.test.ts). Run after every `npm install` that changes the lock: `node scripts/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const file = path.resolve(import.meta.dirname, '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;

const platforms = ['darwin', 'win32', 'linux', 'android', 'freebsd', 'openbsd', 'netbsd', 'sunos', 'aix', 'openharmony', 'wasm32'];
const cpus = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = platforms.find((candidate) => parts.includes(candidate));
  const cpu = cpus.find((candidate) => parts.includes(candidate)) ?? (parts.includes('eabi') || parts.includes('gnueabihf') ? 'arm' : undefined);
  return { os, cpu };
}

let added = 0;
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = location ? `${location}/node_modules/${name}` : `node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (packages[base] || packages[hoisted]) continue;
    const { os, cpu } = platformOf(name);
    if (!os || os === 'linux' && cpu === 'x64') continue; // this machine's own kind must come from the registry
    packages[hoisted] = { version: range.replace(/^[\^~=]/, ''), ...(cpu ? { cpu: [cpu] } : {}), optional: true, os: [os] };
    added++;
  }
}

lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} optional platform entries`);
