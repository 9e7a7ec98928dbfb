// `npm run start:edge`: the serving topology's test rig (docs/operations.md) on one machine: nginx
// (deploy/nginx/nginx.conf.template) in front of two plain standalone Next.js servers, the state
// Redis shared by both (a primary, a replica and three Sentinels), the cache Redis, and the
// embedded sandbox API as their upstream. Not a way to run production: that is the Swarm stack
// (deploy/stack.yaml).
// Builds first when there is no current build (NEXT_DIST_DIR honoured). Ctrl-C stops everything,
// and so does the death of any part.
//
// Environment (all optional): EDGE_PORT (8080), APP_PORTS ("3001,3002"), REDIS_URL (else a
// redis-server of its own), API_BASE_URL (else the sandbox, on SANDBOX_PORT or a free port),
// SESSION_SECRET and REVALIDATE_SECRET (else made once and kept in DATA_DIR), DATA_DIR
// (.data/edge: the secrets and the sandbox's data), EDGE_CACHE_SECONDS (10), PUBLIC_HOST
// (localhost:<EDGE_PORT>), METRICS_PORTS ("3091,3092": each instance's metrics listener, free
// ports by default), PROMETHEUS_PORT (9090), ALERT_WEBHOOK_URL (Alertmanager posts pages to
// <url>/page and tickets to <url>/ticket; unset, none); every other variable (RATE_LIMIT_FACTOR, LOG_LEVEL,
// OTEL_EXPORTER_OTLP_ENDPOINT, ...) reaches the instances as it is. `--no-monitoring` leaves out
// the monitoring stack (scripts/monitoring.mjs: prometheus, its exporters, mtail, the blackbox
// exporter and Alertmanager), which the command otherwise starts too.
//
// As a module (the Playwright tests, the bench): `startEdge({ edgePort: 0, appPorts: [0, 0],
// dataDir, env: { RATE_LIMIT_FACTOR: '50' } })` starts the same topology on free ports and
// returns { url, instances: [{ url, port, metricsUrl, pid, stop(), start() }], redisUrl, redis,
// sandboxUrl, prometheusUrl, alertmanagerUrl, edge: { stop(), start() }, stop() }. Metrics are on
// unless `metrics: false`; the monitoring stack only with `monitoring: true` (or `{ scrapeSeconds,
// alerting }`: scripts/monitoring.mjs); the state Redis's replica and Sentinels only with
// `replication: {}` (or `{ downAfterMs }`), which the command asks for.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { pathToFileURL } from 'node:url';
import Redis from 'ioredis';
import { buildIsCurrent } from './build-check.mjs';
import { installRelease } from './releases.mjs';
import { startMonitoring } from './monitoring.mjs';
import { freePort, waitForHttp, waitForPort, waitUntil } from './ports.cjs';

const root = path.resolve(import.meta.dirname, '..');
const NGINX = '/usr/sbin/nginx';
const REDIS = '/usr/bin/redis-server';
const MODULES = '/usr/lib/nginx/modules';
/** The name the Sentinels know the state Redis by (REDIS_SENTINEL_MASTER's default). */
const SENTINEL_MASTER = 'ob-state';

/** A secret given, else the one kept in dataDir/name, else a new one kept there (64 hex characters). */
function secret(given, dataDir, name) {
  if (given) return given;
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const value = randomBytes(32).toString('hex');
  writeFileSync(file, value, { mode: 0o600 });
  return value;
}

/** The stop() of every topology this process started and has not stopped yet. */
const running = new Set();

/** Fills ${NAME} placeholders; a placeholder left unfilled is an error, not a broken config. */
export function renderTemplate(template, values) {
  return template.replace(/\$\{([A-Z_][A-Z0-9_]*)\}/g, (match, name) => {
    if (!(name in values)) throw new Error(`nginx template: no value for ${match}`);
    return String(values[name]);
  });
}

/**
 * Starts redis-server (unless redisUrl), the sandbox (unless apiBaseUrl), two instances and nginx.
 * Ports given as 0 are free ones; `env` reaches the instances on top of process.env.
 */
export async function startEdge(options = {}) {
  const e = process.env;
  const distDir = path.resolve(root, options.distDir ?? e.NEXT_DIST_DIR ?? '.next');
  const dataDir = path.resolve(root, options.dataDir ?? e.DATA_DIR ?? '.data/edge');
  const edgePort = Number(options.edgePort ?? e.EDGE_PORT ?? 8080) || (await freePort());
  const appPorts = await Promise.all(
    (options.appPorts ?? (e.APP_PORTS ?? '3001,3002').split(',')).map(async (port) => Number(port) || (await freePort())),
  );
  const publicHost = options.publicHost ?? e.PUBLIC_HOST ?? `localhost:${edgePort}`;
  const url = `http://${publicHost}`;
  const output = options.output ?? ((name, line) => process.stdout.write(`${name.padEnd(8)}| ${line}\n`));
  const children = new Set();
  const temps = [];
  let stopping;
  let stopped;
  const exited = new Promise((resolve) => (stopped = resolve));

  /** Spawns a part with its output prefixed; an exit nobody asked for stops the whole topology. */
  function run(name, command, args, spawnOptions = {}) {
    if (stopping) throw new Error('the topology was stopped while it started');
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], ...spawnOptions });
    child.group = Boolean(spawnOptions.detached);
    children.add(child);
    for (const stream of [child.stdout, child.stderr]) readline.createInterface({ input: stream }).on('line', (line) => output(name, line));
    child.exited = new Promise((resolve) => child.once('exit', resolve));
    child.once('exit', (code, signal) => {
      children.delete(child);
      if (child.expected || stopping) return;
      output(name, `exited (${signal ?? `code ${code}`}): stopping the topology`);
      options.onUnexpectedExit?.(name, code, signal);
      stop();
    });
    return child;
  }

  /** SIGTERM, then SIGKILL after `graceMs` (an instance's own stop is bounded by its SHUTDOWN_GRACE_SECONDS). */
  async function end(child, graceMs = 25_000) {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.expected = true;
    // A part started in a group of its own (the sandbox: tsx and the node it starts) is signalled
    // as a group: signalled alone, tsx could leave its child running after the topology stopped.
    const signal = (name) => {
      try {
        if (child.group) process.kill(-child.pid, name);
        else child.kill(name);
      } catch {
        // The group has gone already.
      }
    };
    signal('SIGTERM');
    const killer = setTimeout(() => signal('SIGKILL'), graceMs);
    await child.exited;
    clearTimeout(killer);
  }

  let nginx;
  let redis;
  let release;
  let sandbox;
  const instances = [];
  /** Stops nginx first (no new requests), then the instances, then what they use. */
  function stop() {
    stopping ??= (async () => {
      await end(nginx);
      await Promise.all(instances.map((instance) => instance.stop()));
      await Promise.all([end(sandbox), end(redis), ...[...children].map(end)]);
      for (const dir of temps) rmSync(dir, { recursive: true, force: true });
      running.delete(stop);
      stopped();
    })();
    return stopping;
  }
  running.add(stop);

  try {
    if (options.build !== false && !buildIsCurrent(distDir)) {
      output('build', `no current build in ${path.relative(root, distDir)}: running \`npm run build\` first`);
      const build = spawnSync('npm', ['run', 'build'], { cwd: root, env: { ...e, NEXT_DIST_DIR: path.relative(root, distDir) }, stdio: 'inherit' });
      if (build.status !== 0) throw new Error(`npm run build failed (exit ${build.status})`);
    }
    if (!existsSync(path.join(distDir, 'standalone', 'server.js'))) throw new Error(`no standalone build in ${distDir}`);
    // The instances run the release's own copy; nginx serves every kept release's static files.
    release = installRelease(distDir, dataDir, { keepMs: options.keepReleaseMs });
    if (!existsSync(NGINX)) throw new Error(`no nginx at ${NGINX}: install Debian's nginx, libnginx-mod-http-brotli-filter and libnginx-mod-http-brotli-static`);

    // Redis in two roles (docs/operations.md, Redis): the state (limits, revocations, kept filings)
    // with noeviction and an append-only file, and Next.js's cache with maxmemory and allkeys-lru,
    // so a full cache never evicts a revocation. With `replication`, the state has a replica and
    // three Sentinels (quorum two) that promote it when the primary fails, and the instances find
    // the primary through them. Each server in a dir of its own, kept across its restarts, on
    // loopback, with a password.
    let redisUrl = options.redisUrl ?? e.REDIS_URL;
    let redisCacheUrl = options.redisCacheUrl ?? e.REDIS_CACHE_URL;
    let redisControl;
    let redisPassword;
    let redisSentinels;
    if (!redisUrl) {
      if (!existsSync(REDIS)) throw new Error(`no redis-server at ${REDIS}: install Debian's redis-server, or set REDIS_URL`);
      const password = (redisPassword = secret(undefined, dataDir, 'redis-password'));
      const redisDir = mkdtempSync(path.join(os.tmpdir(), 'edge-redis-'));
      temps.push(redisDir);
      /** A redis-server (or Sentinel) that can be stopped, killed and started again on its port, with its data. */
      const redisServer = (name, port, args) => {
        const dir = path.join(redisDir, name);
        mkdirSync(dir, { recursive: true });
        const server = {
          name,
          port,
          url: `redis://:${password}@127.0.0.1:${port}`,
          child: undefined,
          async start() {
            if (server.child && server.child.exitCode === null && server.child.signalCode === null) return;
            server.child = run(name, REDIS, [...args(dir), '--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--loglevel', 'warning']);
            await waitForPort(`redis-server (${name})`, port, { child: server.child });
          },
          stop: () => end(server.child),
          /** SIGKILL, as a crash or a lost machine: nothing written on the way out. */
          async kill() {
            const child = server.child;
            if (!child || child.exitCode !== null || child.signalCode !== null) return;
            child.expected = true;
            child.kill('SIGKILL');
            await child.exited;
          },
        };
        return server;
      };
      const stateArgs = ['--requirepass', password, '--masterauth', password, '--maxmemory-policy', 'noeviction', '--save', '', '--appendonly', 'yes', '--appendfsync', 'everysec'];
      const primary = redisServer('redis', await freePort(), () => stateArgs);
      const servers = [primary];
      const sentinels = [];
      if (options.replication) {
        servers.push(redisServer('replica', await freePort(), () => [...stateArgs, '--replicaof', '127.0.0.1', String(primary.port)]));
        const downAfterMs = options.replication.downAfterMs ?? 5_000;
        for (const index of [1, 2, 3]) {
          // A Sentinel rewrites its own config file: one each, in its dir.
          sentinels.push(redisServer(`sentinel${index}`, await freePort(), (dir) => {
            const file = path.join(dir, 'sentinel.conf');
            if (!existsSync(file)) {
              writeFileSync(file, [
                `sentinel monitor ${SENTINEL_MASTER} 127.0.0.1 ${primary.port} 2`,
                `sentinel auth-pass ${SENTINEL_MASTER} ${password}`,
                `sentinel down-after-milliseconds ${SENTINEL_MASTER} ${downAfterMs}`,
                `sentinel failover-timeout ${SENTINEL_MASTER} ${Math.max(downAfterMs * 4, 10_000)}`,
                `sentinel parallel-syncs ${SENTINEL_MASTER} 1`,
                '',
              ].join('\n'), { mode: 0o600 });
            }
            return [file, '--sentinel'];
          }));
        }
        redisSentinels = sentinels.map((sentinel) => `127.0.0.1:${sentinel.port}`).join(',');
      }
      for (const server of [...servers, ...sentinels]) await server.start();
      redisControl = {
        servers,
        sentinels,
        /** (Re)starts the state servers (with their data) and waits until they listen. */
        start: () => Promise.all(servers.map((server) => server.start())),
        /** Stops the state servers, as an outage would; the rest keeps running. */
        stop: () => Promise.all(servers.map((server) => server.stop())),
        /** The state server that is primary now, as the Sentinels say (without them: the one server). */
        async primary() {
          if (!sentinels.length) return primary;
          const sentinel = new Redis({ host: '127.0.0.1', port: sentinels[0].port, maxRetriesPerRequest: 1 });
          try {
            const [, port] = await sentinel.call('SENTINEL', 'get-master-addr-by-name', SENTINEL_MASTER);
            return servers.find((server) => String(server.port) === port);
          } finally {
            sentinel.disconnect();
          }
        },
      };
      redisUrl = primary.url;
      if (!redisCacheUrl) {
        const cache = redisServer('cache', await freePort(), () => ['--requirepass', password, '--save', '', '--appendonly', 'no', '--maxmemory', options.cacheMaxMemory ?? '64mb', '--maxmemory-policy', 'allkeys-lru']);
        await cache.start();
        redisCacheUrl = cache.url;
      }
    }

    // The sandbox API, with its data in dataDir (as `npm start`'s in .data).
    let apiBaseUrl = options.apiBaseUrl ?? e.API_BASE_URL;
    let sandboxUrl;
    if (!apiBaseUrl) {
      const port = Number(options.sandboxPort ?? e.SANDBOX_PORT ?? 0) || (await freePort());
      sandbox = run('sandbox', path.join(root, 'node_modules', '.bin', 'tsx'), ['sandbox/main.ts'], {
        detached: true,
        env: {
          ...e,
          ...options.sandboxEnv,
          SANDBOX_PORT: String(port),
          SANDBOX_DB: path.join(dataDir, 'sandbox.db'),
          SANDBOX_FILES_DIR: path.join(dataDir, 'uploads'),
        },
      });
      await waitForPort('sandbox', port, { child: sandbox });
      apiBaseUrl = sandboxUrl = `http://127.0.0.1:${port}`;
    }

    // Two plain standalone servers. HOSTNAME=0.0.0.0, never 127.0.0.1 (docs/operations.md: the locale
    // rewrite would take its origin for another one). One session and revalidation secret for
    // both: any instance serves any visitor.
    const instanceEnv = {
      ...e,
      DEMO: '1',
      DATA_DIR: dataDir,
      SESSION_SECRET: secret(options.sessionSecret ?? e.SESSION_SECRET, dataDir, 'session-secret'),
      REVALIDATE_SECRET: secret(options.revalidateSecret ?? e.REVALIDATE_SECRET, dataDir, 'revalidate-secret'),
      SESSION_COOKIE_SECURE: 'false',
      SITE_URL: url,
      TRUSTED_PROXY_HOPS: '1',
      ...options.env,
      NODE_ENV: 'production',
      HOSTNAME: '0.0.0.0',
      API_BASE_URL: apiBaseUrl,
      ...(redisSentinels ? { REDIS_SENTINELS: redisSentinels, REDIS_SENTINEL_MASTER: SENTINEL_MASTER, REDIS_PASSWORD: redisPassword } : { REDIS_URL: redisUrl }),
      ...(redisCacheUrl ? { REDIS_CACHE_URL: redisCacheUrl } : {}),
      // The app takes SIGTERM itself (lib/server/lifecycle.ts): a roll takes an instance out of nginx first,
      // so a short drain covers the requests nginx's old workers still send it.
      NEXT_MANUAL_SIG_HANDLE: 'true',
      DRAIN_SECONDS: options.env?.DRAIN_SECONDS ?? e.DRAIN_SECONDS ?? '1',
    };
    // One way to the state Redis: the Sentinels' or the URL's, never a stale one from the environment.
    if (redisSentinels) delete instanceEnv.REDIS_URL;
    // Each instance's metrics on a listener of its own, which nginx never routes to.
    const metricsPorts = options.metrics === false ? [] : await Promise.all(
      appPorts.map(async (_, index) => Number((options.metricsPorts ?? e.METRICS_PORTS?.split(','))?.[index]) || (await freePort())),
    );
    for (const [index, port] of appPorts.entries()) {
      const name = `app${index + 1}`;
      const metricsPort = metricsPorts[index];
      const instance = {
        name,
        port,
        url: `http://127.0.0.1:${port}`,
        metricsUrl: metricsPort ? `http://127.0.0.1:${metricsPort}/metrics` : undefined,
        pid: undefined,
        child: undefined,
        /** (Re)starts this instance and waits until it answers its liveness check. */
        async start() {
          if (instance.child && instance.child.exitCode === null && instance.child.signalCode === null) return;
          const env = { ...instanceEnv, PORT: String(port), ...(metricsPort ? { METRICS_PORT: String(metricsPort) } : {}) };
          instance.child = run(name, process.execPath, [path.join(release.standalone, 'server.js')], { env });
          instance.pid = instance.child.pid;
          await waitForHttp(`http://127.0.0.1:${port}/api/health/live`, { what: name, child: instance.child, requestTimeoutMs: 2_000 });
        },
        /** Stops this instance alone (the others and nginx keep running) and waits for its exit. */
        stop: () => end(instance.child, Number(instanceEnv.SHUTDOWN_GRACE_SECONDS ?? 130) * 1000 + 5_000),
        /** Kills this instance at once (SIGKILL: nothing drained), as a crash would; the rest keeps running. */
        async kill() {
          const child = instance.child;
          if (!child || child.exitCode !== null || child.signalCode !== null) return;
          child.expected = true;
          child.kill('SIGKILL');
          await child.exited;
        },
      };
      instances.push(instance);
    }
    await Promise.all(instances.map((instance) => instance.start()));

    // nginx, in a prefix dir of its own that holds its config, pid, temp files, cache and logs.
    const stateDir = mkdtempSync(path.join(os.tmpdir(), 'edge-nginx-'));
    temps.push(stateDir);
    const brotli = ['filter', 'static'].map((kind) => path.join(MODULES, `ngx_http_brotli_${kind}_module.so`));
    const missing = brotli.filter((file) => !existsSync(file));
    if (missing.length) throw new Error(`no ${missing.join(', ')}: apt-get install libnginx-mod-http-brotli-filter libnginx-mod-http-brotli-static`);
    const statusPort = await freePort();
    const template = readFileSync(path.join(root, 'deploy/nginx/nginx.conf.template'), 'utf8');
    /** The config with the instances on `downPorts` marked down (nginx sends them nothing new). */
    const writeConfig = (downPorts = []) =>
      writeFileSync(
        path.join(stateDir, 'nginx.conf'),
        renderTemplate(template, {
          EDGE_LOAD_MODULES: brotli.map((file) => `load_module ${file};`).join('\n'),
          EDGE_STATE_DIR: stateDir,
          // Loopback only: the topology on one machine is not a public server.
          EDGE_LISTEN: `127.0.0.1:${edgePort}`,
          APP_SERVERS: appPorts.map((port) => `server 127.0.0.1:${port}${downPorts.includes(port) ? ' down' : ''};`).join(' '),
          STATIC_DIR: release.staticDir,
          PUBLIC_HOST: publicHost,
          EDGE_CACHE_SECONDS: String(options.edgeCacheSeconds ?? e.EDGE_CACHE_SECONDS ?? 10),
          EDGE_STATUS_LISTEN: `127.0.0.1:${statusPort}`,
          EDGE_ACCESS_LOG: path.join(stateDir, 'access.log'),
        }),
      );
    writeConfig();
    // Started as root, nginx's workers need a user (Debian's has no `nobody` group) that can
    // read the state dir; any other user runs them as itself.
    const asRoot = process.getuid?.() === 0;
    if (asRoot) chmodSync(stateDir, 0o755);
    const startNginx = async () => {
      nginx = run('edge', NGINX, ['-p', stateDir, '-c', path.join(stateDir, 'nginx.conf'), '-g', `daemon off;${asRoot ? ' user nobody nogroup;' : ''}`]);
      await waitForPort('nginx', edgePort, { child: nginx, timeoutMs: 10_000 });
    };
    await startNginx();
    /** Stops nginx alone, as an outage of the edge would (the rest keeps running); start() brings it back. */
    const edgeControl = {
      stop: () => end(nginx),
      async start() {
        if (nginx.exitCode === null && nginx.signalCode === null) return;
        await startNginx();
      },
    };

    /** nginx's worker processes now (Linux: the master's children). */
    const workers = () => {
      try {
        return readFileSync(`/proc/${nginx.pid}/task/${nginx.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
      } catch {
        return [];
      }
    };
    /** A new config, taken once nginx has started workers on it (its old ones finish what they hold). */
    const reload = async (downPorts) => {
      const before = new Set(workers());
      writeConfig(downPorts);
      nginx.kill('SIGHUP');
      await waitUntil('nginx reload', () => workers().some((pid) => !before.has(pid)), { child: nginx, timeoutMs: 15_000 });
    };

    /**
     * Replaces the instances one at a time, the edge sending each nothing new while it goes: taken
     * out of nginx, stopped (it drains and answers what it holds), started again from the release
     * in `distDir` (a new build is installed first, so its static files are served before any of
     * its pages), waited for until ready, put back. `env` changes the instances' environment from
     * this roll on (a secret's next step).
     */
    let rolling = Promise.resolve();
    const roll = ({ distDir: nextDist = distDir, env } = {}) =>
      (rolling = rolling.then(async () => {
        release = installRelease(path.resolve(root, nextDist), dataDir, { keepMs: options.keepReleaseMs });
        if (env) Object.assign(instanceEnv, env);
        await reload();
        for (const instance of instances) {
          output('roll', `${instance.name}: out of the edge, stopping`);
          await reload([instance.port]);
          await instance.stop();
          await instance.start();
          await waitForHttp(`${instance.url}/api/health/ready`, { what: `${instance.name} ready`, child: instance.child, requestTimeoutMs: 2_000 });
          await reload();
          output('roll', `${instance.name}: back in the edge, release ${release.id}`);
        }
        return release.id;
      }));

    const monitoring = options.monitoring
      ? await startMonitoring({
          run,
          stateDir,
          instances: instances.flatMap((instance) => (instance.metricsUrl ? [new URL(instance.metricsUrl).host] : [])),
          statusUrl: `http://127.0.0.1:${statusPort}/stub_status`,
          redisUrls: redisControl ? redisControl.servers.map((server) => server.url) : [redisUrl],
          accessLog: path.join(stateDir, 'access.log'),
          edgeUrl: `http://127.0.0.1:${edgePort}`,
          scrapeSeconds: options.monitoring.scrapeSeconds,
          alerting: options.monitoring.alerting,
          prometheusPort: options.prometheusPort ?? e.PROMETHEUS_PORT,
        })
      : undefined;

    // exited: settles once everything is down (after stop(), or after a part died).
    return {
      url,
      edgePort,
      instances,
      redisUrl,
      redisCacheUrl,
      redisSentinels,
      redis: redisControl,
      roll,
      release: () => release.id,
      sandboxUrl,
      apiBaseUrl,
      stateDir,
      statusUrl: `http://127.0.0.1:${statusPort}/stub_status`,
      edge: edgeControl,
      prometheusUrl: monitoring?.url,
      alertmanagerUrl: monitoring?.alertmanagerUrl,
      exporters: monitoring?.exporters,
      revalidateSecret: instanceEnv.REVALIDATE_SECRET,
      stop,
      exited,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

// `node scripts/edge.mjs`: start, print one line per part, stop on Ctrl-C / SIGTERM / a death.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // Also while still starting: whatever has started is stopped.
  const shutdown = (code) => Promise.all([...running].map((stop) => stop())).then(() => process.exit(code));
  process.once('SIGINT', () => shutdown(0));
  process.once('SIGTERM', () => shutdown(0));
  let topology;
  try {
    topology = await startEdge({ monitoring: !process.argv.includes('--no-monitoring') && {}, replication: {}, prometheusPort: process.env.PROMETHEUS_PORT ?? 9090, onUnexpectedExit: () => shutdown(1) });
  } catch (error) {
    console.error(`edge: ${error.message}`);
    await shutdown(1);
  }
  // `npm run roll` (scripts/roll.mjs) signals this process: the instances are replaced one at a
  // time from the build in .next, a new release or the same one (a rolling restart).
  const dataDir = path.resolve(root, process.env.DATA_DIR ?? '.data/edge');
  writeFileSync(path.join(dataDir, 'edge.pid'), String(process.pid));
  process.on('SIGHUP', () => {
    topology.roll().then(
      (release) => writeFileSync(path.join(dataDir, 'roll.json'), JSON.stringify({ release, at: Date.now() })),
      (error) => writeFileSync(path.join(dataDir, 'roll.json'), JSON.stringify({ error: error.message, at: Date.now() })),
    );
  });
  const { url, instances, redisUrl, redisCacheUrl, redisSentinels, sandboxUrl, apiBaseUrl, stateDir, prometheusUrl } = topology;
  console.log(`> edge     ${url}  (nginx: page cache, /_next/static from disk; config and logs in ${stateDir})`);
  for (const instance of instances) console.log(`> ${instance.name}     ${instance.url}  (pid ${instance.pid}; metrics at ${instance.metricsUrl})`);
  const hidden = (value) => value?.replace(/\/\/:[^@]*@/, '//:…@');
  console.log(`> redis    ${hidden(redisUrl)} (state${redisSentinels ? `: primary, a replica, Sentinels at ${redisSentinels}` : ''}), ${hidden(redisCacheUrl)} (cache)`);
  console.log(`> release  ${topology.release()}: \`npm run build && npm run roll\` releases, \`npm run roll\` restarts one instance at a time`);
  if (prometheusUrl) console.log(`> prometheus ${prometheusUrl}  (alerts at ${prometheusUrl}/alerts; docs/observability.md)`);
  if (topology.alertmanagerUrl) console.log(`> alertmanager ${topology.alertmanagerUrl}  (${process.env.ALERT_WEBHOOK_URL ? `notifies ${process.env.ALERT_WEBHOOK_URL}/page and /ticket` : 'set ALERT_WEBHOOK_URL to be notified'})`);
  console.log(sandboxUrl ? `> sandbox  ${sandboxUrl}  (one-time codes at ${sandboxUrl}/__sandbox/outbox)` : `> upstream ${apiBaseUrl}`);
}
