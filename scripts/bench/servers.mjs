// The servers the bench measures: the production topology (nginx in front of two standalone
// instances of the bench's own build, Redis, the embedded sandbox API: scripts/edge.mjs), one
// instance alone (the origin, as `npm start` runs it), and the floor, a bare one-page Next.js app of
// the same version.
import { chmodSync, copyFileSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitForHttp } from '../ports.cjs';
import { onStopAll, processTree, runToEnd, start, stop } from './processes.mjs';

export const root = path.resolve(import.meta.dirname, '..', '..');
export const workDir = path.join(root, 'bench', '.work');
export const serviceToken = 'sandbox-service-token';
const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');

/** Variables that would point the site (or scripts/edge.mjs) elsewhere than the bench's own parts. */
const POINTING_ELSEWHERE = ['API_BASE_URL', 'REDIS_URL', 'SESSION_SECRET', 'REVALIDATE_SECRET', 'NEXT_DIST_DIR', 'PORT', 'HOSTNAME', 'DATA_DIR', 'SITE_URL', 'SANDBOX_PORT', 'EDGE_PORT', 'APP_PORTS', 'PUBLIC_HOST', 'EDGE_CACHE_SECONDS', 'TRUSTED_PROXY_HOPS'];

/** The inherited environment without anything that would point the site elsewhere. */
function cleanEnv(extra) {
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
  for (const name of POINTING_ELSEWHERE) delete env[name];
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
 * `npm run build` into `distName`, with the bench's own routes (BENCH_ROUTES: the BFF's floor,
 * app/api/bench). One retry: the build copies traced files, and another developer's test run may
 * delete one of them (a SQLite -shm file under .data/) mid-copy.
 */
export async function buildSite(distName) {
  const tsconfig = readFileSync(path.join(root, 'tsconfig.json'), 'utf8');
  // With its floor for the BFF (app/api/bench), a route no other build has.
  const env = cleanEnv({ NEXT_DIST_DIR: distName, BENCH_ROUTES: '1' });
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
 * With `stylesheets`, the same page links those CSS files: what they cost a page, without our code.
 * With `perRequest`, the page awaits `connection()`: rendered for every request, as a customer's is.
 */
export async function buildFloor({ stylesheets = [], perRequest = false, logName = 'floor-build.log' } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-floor-'));
  mkdirSync(path.join(dir, 'app'), { recursive: true });
  // The same page with these CSS files (copied in, imported by the layout, so linked render-blocking in its head).
  stylesheets.forEach((file, index) => copyFileSync(file, path.join(dir, 'app', `site-${index}.css`)));
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify({ name: 'bench-floor', private: true }, null, 2)}\n`);
  // The workspace root must hold both the floor and the folder node_modules links to.
  writeFileSync(path.join(dir, 'next.config.mjs'), `export default { distDir: '.next-floor', turbopack: { root: '/' }, outputFileTracingRoot: '/' };\n`);
  writeFileSync(
    path.join(dir, 'app', 'layout.js'),
    `${stylesheets.map((_, index) => `import './site-${index}.css';\n`).join('')}export const metadata = { title: 'Floor', description: 'A bare Next.js page' };
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
    `${perRequest ? `import { connection } from 'next/server';\n\n` : ''}export default ${perRequest ? 'async ' : ''}function Page() {
${perRequest ? '  await connection();\n' : ''}  return (
    <main>
      <h1>Floor</h1>
      <p>The least JavaScript a Next.js page ships.</p>
    </main>
  );
}
`,
  );
  // The floor resolves next, react and react-dom from this project's node_modules (a parent folder).
  await runToEnd(process.execPath, [nextBin, 'build'], { cwd: dir, env: cleanEnv({ NODE_ENV: 'production' }), logFile: path.join(workDir, logName), timeoutMs: 180_000 });
  if (existsSync(path.join(dir, '.next-floor', 'server', 'instrumentation.js'))) throw new Error(`the floor in ${dir} was built with an instrumentation hook; it must be bare`);
  return dir;
}

/** Removes the floor's folder (the node_modules link, not what it points to). */
export function removeFloor(dir) {
  if (dir && dir.startsWith(path.join(os.tmpdir(), 'bench-floor-'))) rmSync(dir, { recursive: true, force: true });
}

/**
 * The serving topology of production (scripts/edge.mjs, as `npm run start:edge` runs it): nginx in
 * front of two standalone instances of `distName` sharing one redis-server, the embedded sandbox as
 * their upstream, all on free loopback ports, data in bench/.work/edge. The instances' output goes
 * to instances.log (their JSON lines as they are, so the mixed load can count failed upstream
 * calls), the other parts' to edge.log. `url` is the public one (SITE_URL: localhost), `loopbackUrl`
 * the same edge by address, for the load generator. `observability`: 'on' (the default, as in
 * production: each instance's metrics listener) or 'off' (none); `accessLogs` writes the
 * instances' access lines (LOG_LEVEL info) to instances.log as well; `name` keeps the data and the
 * logs of one of several topologies running at once apart (edge-<name>, instances-<name>.log);
 * `instanceEnv` reaches the instances on top of the bench's settings (NODE_OPTIONS for a profiler).
 */
export async function startEdgeTopology(distName, { observability = 'on', accessLogs = false, name, instanceEnv = {} } = {}) {
  const { startEdge } = await import('../edge.mjs');
  // startEdge reads these from this process's environment too (a developer's REDIS_URL, EDGE_PORT...).
  for (const name of POINTING_ELSEWHERE) delete process.env[name];
  const suffix = name ? `-${name}` : '';
  const dataDir = path.join(workDir, `edge${suffix}`);
  rmSync(dataDir, { recursive: true, force: true });
  const instancesLogFile = path.join(workDir, `instances${suffix}.log`);
  const instancesLog = createWriteStream(instancesLogFile, { flags: 'a' });
  const edgeLog = createWriteStream(path.join(workDir, `edge${suffix}.log`), { flags: 'a' });
  const edge = await startEdge({
    distDir: distName,
    dataDir,
    edgePort: 0,
    appPorts: [0, 0],
    build: false,
    // Every request of a bench comes from one address: the abuse budgets would measure themselves.
    // `warn`: the failed upstream calls, not a line per call (they would pass through this process,
    // the load generator's, on their way to the log).
    env: { RATE_LIMIT_FACTOR: '100000', LOG_LEVEL: accessLogs ? 'info' : 'warn', NEXT_TELEMETRY_DISABLED: '1', ...instanceEnv },
    metrics: observability === 'on',
    output: (name, line) => (/^app\d+$/.test(name) ? instancesLog : edgeLog).write(/^app\d+$/.test(name) ? `${line}\n` : `${name.padEnd(8)}| ${line}\n`),
  });
  const unregister = onStopAll(async () => {
    await edge.stop();
    instancesLog.end();
    edgeLog.end();
  });
  const sandboxUrl = edge.sandboxUrl;
  return {
    edge,
    url: edge.url,
    loopbackUrl: `http://127.0.0.1:${edge.edgePort}`,
    accessLog: path.join(edge.stateDir, 'access.log'),
    instancesLog: instancesLogFile,
    sandbox: { url: sandboxUrl, port: Number(new URL(sandboxUrl).port) },
    /** nginx's master and workers. */
    nginxPids: async () => processTree(Number(readFileSync(path.join(edge.stateDir, 'nginx.pid'), 'utf8').trim())),
    instancePids: () => edge.instances.map((instance) => instance.pid).filter(Boolean),
    metricsUrls: edge.instances.map((instance) => instance.metricsUrl).filter(Boolean),
    async stop() {
      unregister();
      await edge.stop();
      instancesLog.end();
      edgeLog.end();
    },
  };
}

/**
 * One instance alone, as `npm start` runs it (demo mode, no Redis, no edge): `node
 * <distName>/standalone/server.js` against the sandbox of `sandbox` (the edge's), its log in
 * origin.log.
 */
export async function startOrigin(distName, sandbox) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logFile = path.join(workDir, 'origin.log');
  const child = start(process.execPath, [path.join(root, distName, 'standalone', 'server.js')], {
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
      RATE_LIMIT_FACTOR: '100000',
      DATA_DIR: path.join(workDir, 'origin-data'),
      SITE_URL: url,
      LOG_LEVEL: 'info',
    }),
    logFile,
    name: 'origin',
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

/**
 * The floor behind the edge the site runs behind: two instances of it (`next start`) and nginx with
 * the site's own configuration (deploy/nginx/nginx.conf.template, filled as scripts/edge.mjs fills
 * it), so a page of the floor and a page of the site pay the same edge. `nginxPids` and
 * `instancePids` as startEdgeTopology's, for the CPU each side spends.
 */
export async function startFloorEdge(dir) {
  const { renderTemplate } = await import('../edge.mjs');
  const instances = [await startFloor(dir), await startFloor(dir)];
  const stateDir = mkdtempSync(path.join(os.tmpdir(), 'bench-floor-edge-'));
  const edgePort = await freePort();
  const modules = ['filter', 'static'].map((kind) => `/usr/lib/nginx/modules/ngx_http_brotli_${kind}_module.so`);
  writeFileSync(
    path.join(stateDir, 'nginx.conf'),
    renderTemplate(readFileSync(path.join(root, 'deploy/nginx/nginx.conf.template'), 'utf8'), {
      EDGE_LOAD_MODULES: modules.map((file) => `load_module ${file};`).join('\n'),
      EDGE_STATE_DIR: stateDir,
      EDGE_LISTEN: `127.0.0.1:${edgePort}`,
      APP_SERVERS: instances.map(({ port }) => `server 127.0.0.1:${port};`).join(' '),
      STATIC_DIR: path.join(dir, '.next-floor', 'static'),
      PUBLIC_HOST: `localhost:${edgePort}`,
      EDGE_CACHE_SECONDS: '10',
      EDGE_STATUS_LISTEN: `127.0.0.1:${await freePort()}`,
      EDGE_ACCESS_LOG: path.join(stateDir, 'access.log'),
    }),
  );
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chmodSync(stateDir, 0o755);
  const nginx = start('/usr/sbin/nginx', ['-p', stateDir, '-c', path.join(stateDir, 'nginx.conf'), '-g', `daemon off;${asRoot ? ' user nobody nogroup;' : ''}`], {
    logFile: path.join(workDir, 'floor-edge.log'),
    name: 'floor-edge',
  });
  const url = `http://127.0.0.1:${edgePort}`;
  await waitForHttp(`${url}/`, { child: nginx, ok: (status) => status === 200 });
  return {
    url,
    nginxPids: () => processTree(nginx.pid),
    instancePids: () => instances.map(({ child }) => child.pid),
    async stop() {
      await stop(nginx);
      await Promise.all(instances.map(({ child }) => stop(child)));
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}
