// The production deployment's commands (docs/operations.md, Production: the Swarm stack):
//   npm run stack -- images           build the images of this commit (the app's from `npm run build`)
//   npm run stack -- deploy           images, then the stack on this machine's swarm (one it makes
//                                     if there is none), with the demo upstream and fresh secrets
//   npm run stack -- release [image]  roll the app to an image (default: this build's), one task
//                                     at a time; Swarm rolls back by itself if the new one fails
//   npm run stack -- scale <n>        run n app tasks
//   npm run stack -- rollback         back to the app's previous image
//   npm run stack -- remove           the stack, its secrets, configs, volumes (and the swarm, if
//                                     this made it)
// The stack is deploy/stack.yaml; its variables (images, ports, secret names) are set here. Where no
// image registry is reachable, IMAGE_BASES=local builds the bases from Debian and the npm registry
// (scripts/image-bases.sh). Needs a running dockerd (the tests start one, e2e/support/docker.ts).
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { alertmanagerConfig } from './monitoring.mjs';

const root = path.resolve(import.meta.dirname, '..');
export const STACK_FILE = path.join(root, 'deploy', 'stack.yaml');
/** The demo's upstream (the sandbox behind TLS), added where UPSTREAM_IMAGE is set. */
export const DEMO_STACK_FILE = path.join(root, 'deploy', 'stack.demo.yaml');

/** Runs a command; its output when it succeeded, else an error with its stderr. */
export function sh(command, args, { input, env, quiet = true, cwd = root } = {}) {
  const result = spawnSync(command, args, { cwd, input, env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 64 << 20, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', quiet ? 'pipe' : 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal}): ${(result.stderr ?? '').slice(-3000)}${(result.stdout ?? '').slice(-2000)}`);
  return result.stdout.trim();
}

const hashOf = (...files) => {
  const hash = createHash('sha256');
  for (const file of files) hash.update(readFileSync(path.join(root, file)));
  return hash.digest('hex').slice(0, 12);
};

/** A folder's files (their paths and contents) and the repository's `files`, as one short hash. */
const hashOfTree = (dir, ...files) => {
  const hash = createHash('sha256');
  for (const file of readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name))).sort()) {
    hash.update(`${file}\0`).update(readFileSync(path.join(dir, file)));
  }
  for (const file of files) hash.update(readFileSync(path.join(root, file)));
  return hash.digest('hex').slice(0, 12);
};

/** The base images' build arguments: the public ones, or (IMAGE_BASES=local) ones built here. */
function baseArgs() {
  if (process.env.IMAGE_BASES !== 'local') return [];
  return sh('bash', [path.join(root, 'scripts', 'image-bases.sh')], { quiet: false }).split(/\s+/).filter(Boolean);
}

/**
 * Builds the images of the current build (`npm run build` first when there is none): the app
 * (Dockerfile), the parts (edge, Redis, monitoring) and the demo upstream. Answers their tags.
 */
export function buildImages({ distDir = path.join(root, '.next'), log = console.log } = {}) {
  if (!existsSync(path.join(distDir, 'standalone', 'server.js'))) sh('npm', ['run', 'build'], { quiet: false });
  const release = readFileSync(path.join(distDir, 'BUILD_ID'), 'utf8').trim();
  const bases = baseArgs();
  const app = `online-basvuru:${release}`;
  const have = (image) => spawnSync('docker', ['image', 'inspect', image], { stdio: 'ignore' }).status === 0;
  // Always built: unchanged, every step comes from the build cache in seconds.
  {
    log(`stack: building ${app}`);
    // The context holds only the standalone output (.dockerignore); distDir may be another build's.
    const context = distDir === path.join(root, '.next') ? root : stageContext(distDir);
    try {
      sh('docker', ['build', '-q', '--force-rm', ...bases, '--build-arg', `RELEASE=${release}`, '--build-arg', `REVISION=${release.split('-')[0]}`, '--build-arg', `CREATED=${createdOf(distDir)}`, '-t', app, '-f', path.join(root, 'Dockerfile'), context]);
    } finally {
      if (context !== root) rmSync(context, { recursive: true, force: true });
    }
  }
  const parts = `online-basvuru-parts:${hashOf('deploy/image/parts.Dockerfile', 'deploy/image/edge.sh')}`;
  if (!have(parts)) {
    log(`stack: building ${parts} (Debian's packages)`);
    sh('docker', ['build', '-q', '--force-rm', '--network=host', ...bases, '-t', parts, '-f', path.join(root, 'deploy/image/parts.Dockerfile'), path.join(root, 'deploy/image')]);
  }
  // Its tag is the hash of what goes in: the whole bundled sandbox and the native module it loads,
  // which the image's Node (24) must have built (a checkout whose module was built for another Node
  // makes another image, rather than reuse one that cannot start).
  const dir = mkdtempSync(path.join(os.tmpdir(), 'demo-upstream-'));
  let upstream;
  try {
    sh(path.join(root, 'node_modules', '.bin', 'esbuild'), ['sandbox/main.ts', '--bundle', '--platform=node', '--target=node20', '--format=cjs', '--external:better-sqlite3', `--outfile=${dir}/sandbox.cjs`, '--log-level=warning']);
    // better-sqlite3's native module as npm ci built it for this Node (24): the image's.
    for (const name of ['better-sqlite3/package.json', 'better-sqlite3/lib', 'better-sqlite3/build/Release/better_sqlite3.node', 'bindings', 'file-uri-to-path']) {
      cpSync(path.join(root, 'node_modules', name), path.join(dir, 'node_modules', name), { recursive: true });
    }
    cpSync(path.join(root, 'deploy/image/demo-upstream.mjs'), path.join(dir, 'demo-upstream.mjs'));
    // The version the sandbox reports is read from it (lib/server/app-version.ts).
    cpSync(path.join(root, 'CHANGELOG.md'), path.join(dir, 'CHANGELOG.md'));
    upstream = `online-basvuru-demo-upstream:${hashOfTree(dir, 'deploy/image/demo-upstream.Dockerfile')}`;
    if (!have(upstream)) {
      log(`stack: building ${upstream}`);
      sh('docker', ['build', '-q', '--force-rm', ...bases, '-t', upstream, '-f', path.join(root, 'deploy/image/demo-upstream.Dockerfile'), dir]);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { app, parts, upstream, release };
}

/** When the build was made (its BUILD_ID file's time): the same build, the same image. */
const createdOf = (distDir) => statSync(path.join(distDir, 'BUILD_ID')).mtime.toISOString();

/** A build context with another build folder's standalone output at .next/standalone. */
function stageContext(distDir) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'app-image-'));
  cpSync(path.join(root, '.dockerignore'), path.join(dir, '.dockerignore'));
  cpSync(path.join(root, 'deploy/image'), path.join(dir, 'deploy/image'), { recursive: true });
  mkdirSync(path.join(dir, '.next'));
  cpSync(path.join(distDir, 'standalone'), path.join(dir, '.next', 'standalone'), { recursive: true, verbatimSymlinks: true });
  return dir;
}

// --- the swarm and the stack ---------------------------------------------------------------------

/**
 * Makes this machine a one-node swarm if it is in none; true when this call made it. Its
 * docker_gwbridge (which carries the ports services publish in `mode: host`) is made first, binding
 * them to 127.0.0.1: Swarm's port settings have no address of their own.
 */
export function ensureSwarm() {
  const state = sh('docker', ['info', '--format', '{{.Swarm.LocalNodeState}}']);
  if (state === 'active') return false;
  spawnSync('docker', ['network', 'rm', 'docker_gwbridge'], { stdio: 'ignore' });
  sh('docker', ['network', 'create', '--subnet', '172.18.0.0/16', '--opt', 'com.docker.network.bridge.name=docker_gwbridge', '--opt', 'com.docker.network.bridge.enable_icc=false', '--opt', 'com.docker.network.bridge.enable_ip_masquerade=true', '--opt', 'com.docker.network.bridge.host_binding_ipv4=127.0.0.1', 'docker_gwbridge']);
  sh('docker', ['swarm', 'init', '--advertise-addr', '127.0.0.1']);
  return true;
}

/** Leaves the swarm this machine was made (ensureSwarm) and removes the bridge it made for it. */
export function leaveSwarm() {
  spawnSync('docker', ['swarm', 'leave', '--force'], { stdio: 'ignore' });
  spawnSync('docker', ['network', 'rm', 'docker_gwbridge'], { stdio: 'ignore' });
}

/** A Swarm secret (or config) whose name carries a hash of its content: a new value is a new name, and the services roll onto it. */
export function createObject(kind, prefix, content, labels = {}) {
  const name = `${prefix}-${createHash('sha256').update(content).digest('hex').slice(0, 10)}`;
  const exists = spawnSync('docker', [kind, 'inspect', name], { stdio: 'ignore' }).status === 0;
  if (!exists) sh('docker', [kind, 'create', ...Object.entries(labels).flatMap(([k, v]) => ['--label', `${k}=${v}`]), name, '-'], { input: content });
  return name;
}

/** The demo upstream's TLS: a self-signed certificate for the name `sandbox`, which the app trusts (NODE_EXTRA_CA_CERTS). */
function demoCertificate() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'demo-tls-'));
  try {
    sh('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '90', '-subj', '/CN=sandbox', '-addext', 'subjectAltName=DNS:sandbox', '-keyout', `${dir}/key.pem`, '-out', `${dir}/cert.pem`]);
    return { cert: readFileSync(`${dir}/cert.pem`, 'utf8'), key: readFileSync(`${dir}/key.pem`, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The secrets and configs of a new stack: random secrets (32 bytes each) unless given, the edge's
 * and Prometheus's configuration from the repo. Answers the variables deploy/stack.yaml names them by.
 */
export function createObjects(stack, { sessionSecret, apiToken } = {}) {
  const label = { 'online-basvuru.stack': stack };
  const random = () => randomBytes(32).toString('hex');
  // REDIS_PASSWORD: the operator's own, kept across deployments; else a new one.
  const redisPassword = process.env.REDIS_PASSWORD || random();
  const token = apiToken ?? random();
  const tls = demoCertificate();
  // The demo CA's certificate, for whoever calls the sandbox from the host (the tests, an operator).
  mkdirSync(path.dirname(demoCaFile(stack)), { recursive: true });
  writeFileSync(demoCaFile(stack), tls.cert);
  const secret = (name, value) => createObject('secret', `${stack}-${name}`, value, label);
  const config = (name, file) => createObject('config', `${stack}-${name}`, readFileSync(path.join(root, file), 'utf8'), label);
  return {
    SESSION_SECRET_NAME: secret('session', sessionSecret ?? random()),
    REVALIDATE_SECRET_NAME: secret('revalidate', random()),
    API_TOKEN_NAME: secret('api-token', token),
    REDIS_PASSWORD_NAME: secret('redis-password', redisPassword),
    REDIS_URL_NAME: secret('redis-url', `redis://:${redisPassword}@redis:6379`),
    REDIS_CACHE_URL_NAME: secret('redis-cache-url', `redis://:${redisPassword}@redis-cache:6379`),
    UPSTREAM_CA_NAME: secret('upstream-ca', tls.cert),
    UPSTREAM_KEY_NAME: secret('upstream-key', tls.key),
    NGINX_CONFIG_NAME: config('nginx', 'deploy/nginx/nginx.conf.template'),
    HAPROXY_CONFIG_NAME: config('haproxy', 'deploy/haproxy/haproxy.cfg'),
    PROMETHEUS_CONFIG_NAME: config('prometheus', 'deploy/prometheus/prometheus.yml'),
    ALERTS_CONFIG_NAME: config('alerts', 'deploy/prometheus/alerts.yml'),
    MTAIL_CONFIG_NAME: config('mtail', 'deploy/mtail/edge.mtail'),
    BLACKBOX_CONFIG_NAME: config('blackbox', 'deploy/blackbox/blackbox.yml'),
    // Who is told: ALERT_WEBHOOK_URL's /page and /ticket, or (unset) no one but Alertmanager's own page.
    ALERTMANAGER_CONFIG_NAME: secret('alertmanager', alertmanagerConfig({ webhookUrl: process.env.ALERT_WEBHOOK_URL })),
  };
}

const stackEnvFile = (stack) => path.join(root, '.data', `stack-${stack}.env.json`);
export const demoCaFile = (stack) => path.join(root, '.data', `stack-${stack}-ca.pem`);

/** Deploys (or updates) the stack with these variables, kept in .data/ for the next command. */
export function deployStack(stack, vars) {
  mkdirSync(path.dirname(stackEnvFile(stack)), { recursive: true });
  writeFileSync(stackEnvFile(stack), JSON.stringify(vars, null, 2));
  const files = [STACK_FILE, ...(vars.UPSTREAM_IMAGE ? [DEMO_STACK_FILE] : [])].flatMap((file) => ['-c', file]);
  // --resolve-image never: the images are this node's own; on several nodes they come from a registry.
  sh('docker', ['stack', 'deploy', '--prune', '--resolve-image', 'never', ...files, stack], { env: vars });
}

export const savedVars = (stack) => JSON.parse(readFileSync(stackEnvFile(stack), 'utf8'));

/** Rolls the app service to an image (update_config of deploy/stack.yaml); answers when Swarm has finished (or rolled back). */
export function release(stack, image) {
  sh('docker', ['service', 'update', '--detach', '--image', image, `${stack}_app`]);
  const vars = { ...savedVars(stack), APP_IMAGE: image };
  writeFileSync(stackEnvFile(stack), JSON.stringify(vars, null, 2));
}

export function scale(stack, replicas) {
  sh('docker', ['service', 'scale', '--detach', `${stack}_app=${replicas}`]);
  writeFileSync(stackEnvFile(stack), JSON.stringify({ ...savedVars(stack), APP_REPLICAS: String(replicas) }, null, 2));
}

/** The app service's update state: `completed`, `rollback_completed`, `updating`… (empty before any update). */
export function updateState(stack) {
  return sh('docker', ['service', 'inspect', '--format', '{{if .UpdateStatus}}{{.UpdateStatus.State}}{{end}}', `${stack}_app`]);
}

/** Removes the stack and everything it made: services, networks, then (once the tasks are gone) volumes, secrets, configs. */
export function removeStack(stack, { leave = false } = {}) {
  spawnSync('docker', ['stack', 'rm', stack], { stdio: 'ignore' });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const left = sh('docker', ['ps', '-aq', '--filter', `label=com.docker.stack.namespace=${stack}`]);
    const networks = sh('docker', ['network', 'ls', '-q', '--filter', `label=com.docker.stack.namespace=${stack}`]);
    if (!left && !networks) break;
    spawnSync('sleep', ['1']);
  }
  const ids = (kind) => sh('docker', [kind, 'ls', '-q', '--filter', `label=online-basvuru.stack=${stack}`]).split('\n').filter(Boolean);
  for (const kind of ['secret', 'config']) {
    const list = ids(kind);
    if (list.length) spawnSync('docker', [kind, 'rm', ...list], { stdio: 'ignore' });
  }
  const volumes = sh('docker', ['volume', 'ls', '-q', '--filter', `label=com.docker.stack.namespace=${stack}`]).split('\n').filter(Boolean);
  if (volumes.length) spawnSync('docker', ['volume', 'rm', '-f', ...volumes], { stdio: 'ignore' });
  rmSync(stackEnvFile(stack), { force: true });
  rmSync(demoCaFile(stack), { force: true });
  if (leave) leaveSwarm();
}

/** The variables of a demo deployment on this machine: the sandbox as the upstream, the edge on 127.0.0.1:EDGE_PORT. */
export function demoVars(stack, images, { edgePort = 8080, prometheusPort = 9090, sandboxPort = 8443, replicas = 2, env = {}, ...objects } = {}) {
  return {
    ...env,
    PROMETHEUS_PORT: String(prometheusPort),
    SANDBOX_PUBLISH_PORT: String(sandboxPort),
    APP_IMAGE: images.app,
    PARTS_IMAGE: images.parts,
    UPSTREAM_IMAGE: images.upstream,
    APP_REPLICAS: String(replicas),
    EDGE_PORT: String(edgePort),
    SITE_URL: `http://localhost:${edgePort}`,
    PUBLIC_HOST: `localhost:${edgePort}`,
    API_BASE_URL: 'https://sandbox:8443',
    SESSION_COOKIE_SECURE: 'false',
    ...createObjects(stack, objects),
  };
}

async function main() {
  const [command = 'help', argument] = process.argv.slice(2);
  const stack = process.env.STACK_NAME ?? 'online-basvuru';
  if (command === 'images') {
    console.log(JSON.stringify(buildImages(), null, 2));
  } else if (command === 'deploy') {
    const images = buildImages();
    const made = ensureSwarm();
    if (made) console.log('stack: this machine is now a one-node swarm (docker swarm init --advertise-addr 127.0.0.1)');
    const vars = existsSync(stackEnvFile(stack)) ? { ...savedVars(stack), APP_IMAGE: images.app, PARTS_IMAGE: images.parts, UPSTREAM_IMAGE: images.upstream } : demoVars(stack, images, { edgePort: Number(process.env.EDGE_PORT ?? 8080) });
    deployStack(stack, { ...vars, SWARM_MADE_HERE: vars.SWARM_MADE_HERE ?? String(made) });
    console.log(`stack: ${stack} deployed (${images.app}); the edge answers on http://127.0.0.1:${vars.EDGE_PORT} once the tasks are up (docker stack ps ${stack})`);
  } else if (command === 'release') {
    const image = argument ?? buildImages().app;
    release(stack, image);
    console.log(`stack: ${stack}_app rolling to ${image}; follow it with docker service ps ${stack}_app (Swarm rolls back by itself if the new tasks fail)`);
  } else if (command === 'rollback') {
    sh('docker', ['service', 'rollback', '--detach', `${stack}_app`]);
    console.log(`stack: ${stack}_app rolling back to its previous image`);
  } else if (command === 'scale' && /^\d+$/.test(argument ?? '')) {
    scale(stack, Number(argument));
    console.log(`stack: ${stack}_app scaled to ${argument}`);
  } else if (command === 'remove') {
    const madeHere = existsSync(stackEnvFile(stack)) && savedVars(stack).SWARM_MADE_HERE === 'true';
    removeStack(stack, { leave: madeHere });
    console.log(`stack: ${stack} removed`);
  } else {
    console.log(readFileSync(import.meta.filename, 'utf8').split('\n').filter((line) => line.startsWith('//')).slice(0, 13).map((line) => line.slice(3)).join('\n'));
    if (command !== 'help') process.exitCode = 2;
  }
}

if (import.meta.filename === process.argv[1]) await main();
