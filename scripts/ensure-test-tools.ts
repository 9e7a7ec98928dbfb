// Run by `npm run test:e2e` before Playwright: makes sure a Chromium and a Redis server are there, so
// `npm test` on a fresh machine needs no set-up by hand. The Chromium is the one
// scripts/test-tools.ts's ensureTools() finds or installs (Debian's chromium-headless-shell where
// it can; `npm run bench` makes sure of its own the same way). Redis (the attack suite's
// shared limits) is Debian's redis-server, and the edge (scripts/edge.mjs: nginx with its brotli
// modules) Debian's nginx, libnginx-mod-http-brotli-filter and libnginx-mod-http-brotli-static,
// its monitoring stack (scripts/monitoring.mjs) Debian's prometheus (with promtool, which runs
// the alert rules' tests), prometheus-nginx-exporter, prometheus-redis-exporter and mtail, and the
// other engines of the cross-engine journeys (e2e/engines/) Debian's firefox-esr, webkit2gtk-driver
// (WebKitGTK's WebDriver and its MiniBrowser) and xvfb (MiniBrowser has no headless mode), the
// production stack's (e2e/stack.spec.ts) docker.io and debootstrap, installed
// the same way, with one apt-get update and one apt-get install for everything missing.
// Otherwise it stops at once with one line saying what to install.
import { existsSync } from 'node:fs';
import { debianFirefox, debianRedisServer, debianWebKitDriver, debianXvfb } from './browser';
import { type DebianPart, ensureTools } from './test-tools';

/** Debian's packages the suite needs, each with the file that shows it is there. */
const debianParts: DebianPart[] = [
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

const { chromium: found, missing } = ensureTools(debianParts, 'browser tests');

if (!found) {
  console.error('No Chromium for the browser tests: install one (Debian: `apt-get install chromium-headless-shell`; elsewhere `npx playwright install chromium`) or set CHROME_PATH to a Chromium binary.');
  process.exit(1);
}
if (!existsSync(found.executablePath)) {
  console.error(`CHROME_PATH names ${found.executablePath}, which does not exist: point it at a Chromium binary, or unset it.`);
  process.exit(1);
}
console.log(`browser tests: Chromium from ${found.source} (${found.executablePath})`);

if (missing.length) {
  const all = debianParts.map(([name]) => name).join(' ');
  console.error(`No ${missing.join(', ')} for the attack, edge, monitoring, cross-engine, stack and document tests: install Debian's ${all} (\`apt-get install ${all}\`).`);
  process.exit(1);
}
console.log(`browser tests: Redis from ${debianRedisServer}; nginx from /usr/sbin/nginx, with its brotli modules; prometheus, its exporters, mtail, Alertmanager and the blackbox exporter from /usr/bin; Firefox ESR from ${debianFirefox}; WebKitGTK from ${debianWebKitDriver}, in Xvfb`);
