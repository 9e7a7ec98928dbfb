// `npm start` (`start.mjs --demo`): builds when there is no current build, starts the embedded
// sandbox API unless API_BASE_URL points at a real upstream, then serves the production
// (standalone) server. Without --demo (or DEMO=1) and without API_BASE_URL it stops: production
// never runs the sandbox unasked. `npm run dev` starts the sandbox with `next dev` and no build.
// With API_BASE_URL set the sandbox never runs.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildIsCurrent } from './build-check.mjs';
import { waitForPort } from './ports.cjs';

const root = path.resolve(import.meta.dirname, '..');
const dev = process.argv.includes('--dev');
const demo = !process.env.API_BASE_URL && (process.argv.includes('--demo') || ['1', 'true'].includes(process.env.DEMO ?? ''));
const sandbox = !process.env.API_BASE_URL && (dev || demo);
const port = process.env.PORT ?? '3000';
const sandboxPort = process.env.SANDBOX_PORT ?? '41900';
// Paths are made absolute: the standalone server runs from .next/standalone.
const absolute = (value, fallback) => path.resolve(root, value ?? fallback);
const env = {
  ...process.env,
  DATA_DIR: absolute(process.env.DATA_DIR, '.data'),
  SANDBOX_DB: absolute(process.env.SANDBOX_DB, '.data/sandbox.db'),
  SANDBOX_FILES_DIR: absolute(process.env.SANDBOX_FILES_DIR, '.data/uploads'),
  SANDBOX_PORT: sandboxPort,
  // The site's links (canonical, sitemap) name this port when SITE_URL is unset (lib/server/config.ts).
  PORT: port,
};
const distDir = path.join(root, process.env.NEXT_DIST_DIR ?? '.next');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const children = [];
let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

function run(command, args, options = {}) {
  const child = spawn(command, args, { cwd: root, env, stdio: 'inherit', ...options });
  children.push(child);
  child.on('exit', (code, signal) => stop(code ?? (signal ? 1 : 0)));
  return child;
}

if (!dev && !demo && !process.env.API_BASE_URL) {
  console.error(
    'Missing environment variable API_BASE_URL: a production start needs its upstream (for the demo with the embedded sandbox API, run `npm start` or set DEMO=1)',
  );
  process.exit(1);
}
if (demo) {
  console.log(
    '> Demo mode: the embedded sandbox API stands in for the provider, fixture customers are live and every one-time code is printed here (and at /__sandbox/outbox). Not for production: set API_BASE_URL.',
  );
}

if (!dev && !buildIsCurrent(distDir)) {
  console.log('> No current production build: running `npm run build` first.');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, env, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (sandbox) {
  // Its exit stops everything (run), so the wait only watches the port.
  run(bin('tsx'), ['sandbox/main.ts']);
  await waitForPort(`the sandbox on port ${sandboxPort}`, sandboxPort, { timeoutMs: 30_000 });
}

if (dev) {
  run(bin('next'), ['dev', '-p', port]);
} else {
  // HOSTNAME is the machine's name in most shells; the standalone server binds to it.
  // One Next.js process: one instance (run more behind the edge, `npm run start:edge`).
  run(process.execPath, [path.join(distDir, 'standalone', 'server.js')], {
    // The stop is the app's own (lib/server/lifecycle.ts): one instance with nothing in front has nobody to
    // drain away from, so by default it stops accepting at once and finishes what is in flight.
    env: { ...env, PORT: port, HOSTNAME: process.env.BIND_HOST ?? '0.0.0.0', NODE_ENV: 'production', NEXT_MANUAL_SIG_HANDLE: 'true', DRAIN_SECONDS: process.env.DRAIN_SECONDS ?? '0', ...(demo ? { DEMO: '1' } : {}) },
  });
}
