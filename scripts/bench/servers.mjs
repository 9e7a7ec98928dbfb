// The servers the bench measures: the production site (standalone output of its own build
// directory), the embedded sandbox API, and the floor, a bare one-page Next.js app of the same version.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, runToEnd, start, waitForHttp } from './processes.mjs';

export const root = path.resolve(import.meta.dirname, '..', '..');
export const workDir = path.join(root, 'bench', '.work');
export const serviceToken = 'sandbox-service-token';
const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');

/** The inherited environment without anything that would point the site elsewhere. */
function cleanEnv(extra) {
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
  for (const name of ['API_BASE_URL', 'REDIS_URL', 'SESSION_SECRET', 'NEXT_DIST_DIR', 'PORT', 'HOSTNAME', 'WEB_CONCURRENCY']) delete env[name];
  return { ...env, ...extra };
}

/**
 * `next build` adds its dist directory's type folders to tsconfig.json's `include`; the bench's
 * own directory must not stay there. Only those entries are taken out again.
 */
function restoreTsconfig(original, distName) {
  const file = path.join(root, 'tsconfig.json');
  const now = readFileSync(file, 'utf8');
  if (now === original) return;
  const config = JSON.parse(now);
  if (!Array.isArray(config.include)) return;
  config.include = config.include.filter((entry) => !entry.startsWith(`${distName}/`));
  const unchanged = JSON.stringify(config) === JSON.stringify(JSON.parse(original));
  writeFileSync(file, unchanged ? original : `${JSON.stringify(config, null, 2)}\n`);
}

/**
 * `npm run build` into `distName`. One retry: the build copies traced files, and another
 * developer's test run may delete one of them (a SQLite -shm file under .data/) mid-copy.
 */
export async function buildSite(distName) {
  const tsconfig = readFileSync(path.join(root, 'tsconfig.json'), 'utf8');
  const env = cleanEnv({ NEXT_DIST_DIR: distName });
  try {
    for (let attempt = 1; ; attempt++) {
      const logFile = path.join(workDir, `build-${attempt}.log`);
      try {
        await runToEnd('npm', ['run', 'build'], { cwd: root, env, logFile, timeoutMs: 360_000 });
        return;
      } catch (error) {
        const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
        const racy = /ENOENT[^\n]*copyfile/.test(log);
        if (attempt >= 2 || !racy) {
          console.error(log.split('\n').slice(-40).join('\n'));
          throw error;
        }
        console.log('  the build lost a file copied from another run\'s data; building again');
      }
    }
  } finally {
    restoreTsconfig(tsconfig, distName);
  }
}

/**
 * A bare App Router app (one static page, nothing else) built with this project's next, react and
 * react-dom (a node_modules symlink) in a temporary folder outside the project: inside it, Turbopack
 * takes the project for the workspace root and compiles the project's instrumentation.ts into the floor.
 */
export async function buildFloor() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-floor-'));
  mkdirSync(path.join(dir, 'app'), { recursive: true });
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify({ name: 'bench-floor', private: true }, null, 2)}\n`);
  // The workspace root must hold both the floor and the folder node_modules links to.
  writeFileSync(path.join(dir, 'next.config.mjs'), `export default { distDir: '.next-floor', turbopack: { root: '/' }, outputFileTracingRoot: '/' };\n`);
  writeFileSync(
    path.join(dir, 'app', 'layout.js'),
    `export const metadata = { title: 'Floor', description: 'A bare Next.js page' };
export const viewport = { width: 'device-width', initialScale: 1 };
export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
`,
  );
  // An icon, as the site has: without one the browser's favicon.ico request fails and costs the
  // floor a Best Practices point.
  writeFileSync(
    path.join(dir, 'app', 'icon.svg'),
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#0b4fa3"/></svg>\n`,
  );
  writeFileSync(
    path.join(dir, 'app', 'page.js'),
    `export default function Page() {
  return (
    <main>
      <h1>Floor</h1>
      <p>The least JavaScript a Next.js page ships.</p>
    </main>
  );
}
`,
  );
  // The floor resolves next, react and react-dom from this project's node_modules (a parent folder).
  await runToEnd(process.execPath, [nextBin, 'build'], { cwd: dir, env: cleanEnv({ NODE_ENV: 'production' }), logFile: path.join(workDir, 'floor-build.log'), timeoutMs: 180_000 });
  if (existsSync(path.join(dir, '.next-floor', 'server', 'instrumentation.js'))) throw new Error(`the floor in ${dir} was built with an instrumentation hook; it must be bare`);
  return dir;
}

/** Removes the floor's folder (the node_modules link, not what it points to). */
export function removeFloor(dir) {
  if (dir && dir.startsWith(path.join(os.tmpdir(), 'bench-floor-'))) rmSync(dir, { recursive: true, force: true });
}

export async function startSandbox() {
  const port = await freePort();
  const dataDir = path.join(workDir, 'sandbox');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const child = start(path.join(root, 'node_modules', '.bin', 'tsx'), ['sandbox/main.ts'], {
    cwd: root,
    env: cleanEnv({
      SANDBOX_HOST: '127.0.0.1',
      SANDBOX_PORT: String(port),
      SANDBOX_DB: path.join(dataDir, 'sandbox.db'),
      SANDBOX_FILES_DIR: path.join(dataDir, 'uploads'),
    }),
    logFile: path.join(workDir, 'sandbox.log'),
    name: 'sandbox',
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/__sandbox/health`, { child, headers: { 'X-Service-Token': serviceToken }, ok: (status) => status === 200 });
  return { url, port, child };
}

/**
 * The standalone server of `distName` under its cluster entry point (one worker per core), in
 * demo mode against `sandbox`, as `npm start` runs it; its log (site.log) names every upstream
 * call that failed and why.
 */
export async function startSite(distName, sandbox) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logFile = path.join(workDir, 'site.log');
  const child = start(process.execPath, [path.join(root, distName, 'standalone', 'cluster.cjs')], {
    cwd: root,
    env: cleanEnv({
      NODE_ENV: 'production',
      PORT: String(port),
      // Loopback by name: with HOSTNAME=127.0.0.1 Next.js's proxy sees its own origin as
      // `localhost`, treats next-intl's rewrite to /tr as another origin, and every Turkish page
      // redirects to itself. `localhost` (or 0.0.0.0, as `npm start` binds) keeps it relative.
      HOSTNAME: 'localhost',
      SANDBOX_PORT: String(sandbox.port),
      // The embedded sandbox as upstream, asked for as `npm start` asks for it.
      DEMO: '1',
      // Every request of a bench comes from one address: the abuse budgets would measure themselves.
      RATE_LIMIT_FACTOR: '100000',
      DATA_DIR: path.join(workDir, 'data'),
      SITE_URL: url,
      LOG_LEVEL: 'info',
    }),
    logFile,
    name: 'site',
  });
  await waitForHttp(`${url}/api/health/ready`, { child, ok: (status) => status === 200 });
  return { url, port, child, logFile };
}

export async function startFloor(dir) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = start(process.execPath, [nextBin, 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: dir,
    env: cleanEnv({ NODE_ENV: 'production' }),
    logFile: path.join(workDir, 'floor.log'),
    name: 'floor',
  });
  await waitForHttp(`${url}/`, { child, ok: (status) => status === 200 });
  return { url, port, child };
}
