// Run by `npm run test:e2e` before Playwright: makes sure a Chromium and a Redis server are there, so
// `npm test` on a fresh machine needs no set-up by hand. It uses the browser findChromium() finds;
// where it runs as root with apt-get and CHROME_PATH is unset, it first installs Debian's
// chromium-headless-shell if missing (the browser findChromium() prefers: half the CPU of the full
// chromium), else Playwright's own download when no browser is found. Redis (the attack suite's
// shared limits) is Debian's redis-server, and the edge (scripts/edge.mjs: nginx with its brotli
// modules) Debian's nginx, libnginx-mod-http-brotli-filter and libnginx-mod-http-brotli-static,
// its monitoring stack (scripts/monitoring.mjs) Debian's prometheus (with promtool, which runs
// the alert rules' tests), prometheus-nginx-exporter, prometheus-redis-exporter and mtail, and the
// other engines of the cross-engine journeys (e2e/engines/) Debian's firefox-esr, webkit2gtk-driver
// (WebKitGTK's WebDriver and its MiniBrowser) and xvfb (MiniBrowser has no headless mode), the
// production stack's (e2e/stack.spec.ts) docker.io and debootstrap, installed
// the same way, with one apt-get update and one apt-get install for everything missing.
// Otherwise it stops at once with one line saying what to install.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { debianFirefox, debianHeadlessShell, debianRedisServer, debianWebKitDriver, debianXvfb, findChromium } from './browser';

const root = path.resolve(import.meta.dirname, '..');
const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };

/** Runs a command with its errors shown; true when it succeeded within five minutes. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): boolean {
  return spawnSync(command, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'], timeout: 300_000 }).status === 0;
}

/** Installs Debian's packages as root, with one `apt-get update` for all of them; false where that cannot be done. */
function aptInstall(names: string[]): boolean {
  if (!names.length) return true;
  if (!canApt) return false;
  console.log(`browser tests: installing Debian's ${names.join(', ')} with apt-get`);
  return run('apt-get', ['update', '-qq'], aptEnv) && run('apt-get', ['install', '-y', '-qq', ...names], aptEnv);
}

/** Debian's packages the suite needs, each with the file that shows it is there. */
const debianParts: [name: string, file: string][] = [
  // Redis: the attack suite's shared limits.
  ['redis-server', debianRedisServer],
  // The edge of the serving topology (scripts/edge.mjs, deploy/nginx/nginx.conf.template).
  ['nginx', '/usr/sbin/nginx'],
  ['libnginx-mod-http-brotli-filter', '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so'],
  ['libnginx-mod-http-brotli-static', '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'],
  // The monitoring stack and the alert rules' tests (e2e/observability.spec.ts, e2e/alert-rules.spec.ts).
  ['prometheus', '/usr/bin/promtool'],
  ['prometheus-nginx-exporter', '/usr/bin/prometheus-nginx-exporter'],
  ['prometheus-redis-exporter', '/usr/bin/prometheus-redis-exporter'],
  ['mtail', '/usr/bin/mtail'],
  // Alertmanager (and amtool) and the outside probes of the monitoring stack (e2e/alerting.spec.ts).
  ['prometheus-alertmanager', '/usr/bin/prometheus-alertmanager'],
  ['prometheus-blackbox-exporter', '/usr/bin/prometheus-blackbox-exporter'],
  // The Kubernetes demo's pods (e2e/kubernetes.spec.ts): podman plays them with runc; the image
  // bases are made with debootstrap, listed with the stack's below (scripts/image-bases.sh).
  ['podman', '/usr/bin/podman'],
  // Its network and the DNS that answers pod names (podman's other backend, CNI, has none).
  ['netavark', '/usr/lib/podman/netavark'],
  ['aardvark-dns', '/usr/lib/podman/aardvark-dns'],
  ['runc', '/usr/sbin/runc'],
  // The cross-engine journeys: Firefox ESR (over WebDriver BiDi), WebKitGTK (its WebDriver) in an X server of their own.
  ['firefox-esr', debianFirefox],
  ['webkit2gtk-driver', debianWebKitDriver],
  ['xvfb', debianXvfb],
  // The production stack's tests (e2e/stack.spec.ts): Docker's engine (started by the test when none
  // runs) and debootstrap, which builds the images' Debian base where no image registry is reachable.
  ['docker.io', '/usr/sbin/dockerd'],
  ['debootstrap', '/usr/sbin/debootstrap'],
  ['openssl', '/usr/bin/openssl'],
  // The accepted-texts PDF's text, read back as a reader would (e2e/documents.spec.ts).
  ['poppler-utils', '/usr/bin/pdftotext'],
];

const missingParts = () => debianParts.filter(([, file]) => !existsSync(file)).map(([name]) => name);

const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
// Where apt-get serves, Debian's headless shell comes with the rest, in one go (each apt-get update
// costs seconds on a fresh machine); elsewhere Playwright's download (offline, it fails after about 20 s).
// A distribution without that package still gets the rest, and its chromium where there is no browser at all.
const wantsShell = canApt && !process.env.CHROME_PATH && !existsSync(debianHeadlessShell);
if (!aptInstall([...(wantsShell ? ['chromium-headless-shell'] : []), ...missingParts()]) && wantsShell) {
  aptInstall([...(findChromium() ? [] : ['chromium']), ...missingParts()]);
}
let found = findChromium();
if (!found) {
  console.log("browser tests: no Chromium found; trying Playwright's download");
  if (run(path.join(root, 'node_modules', '.bin', 'playwright'), ['install', 'chromium'])) found = findChromium();
}

if (!found) {
  console.error('No Chromium for the browser tests: install one (Debian: `apt-get install chromium-headless-shell`; elsewhere `npx playwright install chromium`) or set CHROME_PATH to a Chromium binary.');
  process.exit(1);
}
if (!existsSync(found.executablePath)) {
  console.error(`CHROME_PATH names ${found.executablePath}, which does not exist: point it at a Chromium binary, or unset it.`);
  process.exit(1);
}
console.log(`browser tests: Chromium from ${found.source} (${found.executablePath})`);

const missing = missingParts();
if (missing.length) {
  const all = debianParts.map(([name]) => name).join(' ');
  console.error(`No ${missing.join(', ')} for the attack, edge, monitoring, cross-engine, stack and document tests: install Debian's ${all} (\`apt-get install ${all}\`).`);
  process.exit(1);
}
console.log(`browser tests: Redis from ${debianRedisServer}; nginx from /usr/sbin/nginx, with its brotli modules; prometheus, its exporters, mtail, Alertmanager and the blackbox exporter from /usr/bin; Firefox ESR from ${debianFirefox}; WebKitGTK from ${debianWebKitDriver}, in Xvfb`);
