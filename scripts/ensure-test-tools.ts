// Run by `npm run test:e2e` before Playwright: makes sure a Chromium and a Redis server are there, so
// `npm test` on a fresh machine needs no set-up by hand. It uses the browser findChromium() finds,
// else installs one: Playwright's own download where the network allows it, else Debian's chromium
// through apt-get when running as root. Redis (the attack suite's shared limits) is Debian's
// redis-server, and the edge (scripts/edge.mjs: nginx with its brotli modules) Debian's nginx,
// libnginx-mod-http-brotli-filter and libnginx-mod-http-brotli-static, installed the same way.
// Otherwise it stops at once with one line saying what to install.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { debianRedisServer, type FoundBrowser, findChromium } from './browser';

const root = path.resolve(import.meta.dirname, '..');
const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };

/** Runs a command with its errors shown; true when it succeeded within five minutes. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): boolean {
  return spawnSync(command, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'], timeout: 300_000 }).status === 0;
}

/** Installs one of Debian's packages when running as root; false where that cannot be done. */
function aptInstall(name: string): boolean {
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) return false;
  console.log(`browser tests: installing Debian's ${name} with apt-get`);
  return run('apt-get', ['update', '-qq'], aptEnv) && run('apt-get', ['install', '-y', '-qq', name], aptEnv);
}

function install(): FoundBrowser | undefined {
  console.log('browser tests: no Chromium found; trying Playwright\'s download');
  if (run(path.join(root, 'node_modules', '.bin', 'playwright'), ['install', 'chromium'])) return findChromium();
  aptInstall('chromium');
  return findChromium();
}

const found = findChromium() ?? install();
if (!found) {
  console.error('No Chromium for the browser tests: install one (Debian: `apt-get install chromium`; elsewhere `npx playwright install chromium`) or set CHROME_PATH to a Chromium binary.');
  process.exit(1);
}
if (!existsSync(found.executablePath)) {
  console.error(`CHROME_PATH names ${found.executablePath}, which does not exist: point it at a Chromium binary, or unset it.`);
  process.exit(1);
}
console.log(`browser tests: Chromium from ${found.source} (${found.executablePath})`);

if (!existsSync(debianRedisServer) && !(aptInstall('redis-server') && existsSync(debianRedisServer))) {
  console.error(`No Redis for the attack suite: install Debian's redis-server (\`apt-get install redis-server\`, ${debianRedisServer}).`);
  process.exit(1);
}
console.log(`browser tests: Redis from ${debianRedisServer}`);

// The edge of the serving topology (scripts/edge.mjs, deploy/nginx/nginx.conf.template).
const nginxParts: [name: string, file: string][] = [
  ['nginx', '/usr/sbin/nginx'],
  ['libnginx-mod-http-brotli-filter', '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so'],
  ['libnginx-mod-http-brotli-static', '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'],
];
for (const [name, file] of nginxParts) {
  if (!existsSync(file) && !(aptInstall(name) && existsSync(file))) {
    console.error(`No ${name} for the edge tests: install Debian's nginx, libnginx-mod-http-brotli-filter and libnginx-mod-http-brotli-static (\`apt-get install nginx libnginx-mod-http-brotli-filter libnginx-mod-http-brotli-static\`).`);
    process.exit(1);
  }
}
console.log('browser tests: nginx from /usr/sbin/nginx, with its brotli modules');
