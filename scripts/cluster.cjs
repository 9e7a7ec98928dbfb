// The production entry point, copied beside the standalone server.js (scripts/prepare-standalone.mjs):
// a cluster primary that owns the listening socket and hands every new connection to one of
// WEB_CONCURRENCY workers, each running Next.js's standalone server.
//
// Why not server.js alone: a busy Node.js process takes in one new connection per event-loop
// iteration, and when it is saturated an iteration lasts a few hundred milliseconds, so new
// visitors' connections wait in the kernel's queue for seconds (npm run bench: up to 30 s for the
// last of 200 connections). The primary does nothing else, accepts at once, and the workers use
// every core. Without REDIS_URL, the workers' rate limits are counted here (lib/bff/rate-limit.ts);
// with it, here too whenever Redis cannot be reached.
//
// Each worker answers anonymous public pages it has seen Next.js answer again by itself, until they
// expire (scripts/page-replay.cjs), and the build's assets from their copies compressed at build
// time (scripts/static-assets.cjs).
//
// In each worker it also writes the client's address, taken from the socket, into a header of its
// own before Next.js sees the request (Next.js keeps a client-written X-Forwarded-For as it is), and
// on SIGTERM it lets the calls in flight finish.
'use strict';
const cluster = require('node:cluster');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

/** lib/config-check.ts exits with this code for a bad environment: never restarted. */
const CONFIG_EXIT_CODE = 78;
/** Restart backoff after a crash: 1 s, doubling up to 30 s; reset once a worker has lived a minute. */
const BACKOFF_FIRST_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;
const HEALTHY_AFTER_MS = 60_000;

function positiveWhole(name, value, fallback) {
  if (value === undefined || value === '') return fallback;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1) {
    console.error(`Invalid environment variable ${name}: ${value} (a whole number, 1 or more)`);
    process.exit(1);
  }
  return count;
}

/** How long a stop waits for calls in flight: the upstream bound (API_TIMEOUT_MS) and a margin. */
function drainMs() {
  const timeout = Number(process.env.API_TIMEOUT_MS);
  return (Number.isFinite(timeout) && timeout > 0 ? timeout : 15_000) + 5_000;
}

function log(level, msg, fields = {}) {
  console.error(JSON.stringify({ level, time: Date.now(), msg, ...fields }));
}

if (cluster.isPrimary) {
  const count = positiveWhole('WEB_CONCURRENCY', process.env.WEB_CONCURRENCY, os.availableParallelism());
  // The workers share the upload slots of UPLOADS_IN_FLIGHT by this count (lib/config.ts).
  process.env.WEB_CONCURRENCY = String(count);
  // Always: the shared counts without REDIS_URL, and the fallback when Redis is unreachable.
  const { RateLimiterClusterMaster } = require('rate-limiter-flexible');
  new RateLimiterClusterMaster();

  let stopping = false;
  let everListening = false;
  let backoffMs = BACKOFF_FIRST_MS;
  const startedAt = new Map();
  const fork = () => startedAt.set(cluster.fork().id, Date.now());
  const workers = () => Object.values(cluster.workers ?? {}).filter(Boolean);
  const leaveWhenEmpty = () => {
    if (workers().length === 0) process.exit();
  };

  cluster.on('listening', () => {
    everListening = true;
  });

  // The workers' rate-limit store fell back to memory (Redis unreachable) or recovered: one line
  // per outage for the instance (lib/bff/rate-limit.ts).
  let storeDown = false;
  cluster.on('message', (_worker, message) => {
    if (!message || message.type !== 'ob:rate-limit-store') return;
    if (message.state === 'fallback' && !storeDown) {
      storeDown = true;
      log(40, 'rate limits: Redis unreachable, counting in this instance until it answers again');
    } else if (message.state === 'recovered' && storeDown) {
      storeDown = false;
      log(30, 'rate limits: Redis answers again');
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (stopping) return leaveWhenEmpty();
    if (code === CONFIG_EXIT_CODE || !everListening) {
      // The worker printed why (a configuration error, a port in use): stop rather than loop.
      process.exitCode = code || 1;
      stopping = true;
      for (const other of workers()) other.process.kill('SIGTERM');
      return leaveWhenEmpty();
    }
    if (lived >= HEALTHY_AFTER_MS) backoffMs = BACKOFF_FIRST_MS;
    log(50, 'worker exited; starting another', { pid: worker.process.pid, code, signal, inMs: backoffMs });
    setTimeout(() => {
      if (!stopping) fork();
    }, backoffMs).unref();
    backoffMs = Math.min(backoffMs * 2, BACKOFF_MAX_MS);
  });

  const shutdown = (signal) => {
    if (stopping) return;
    stopping = true;
    // Each worker stops taking connections and answers what it has in flight, up to the upstream bound.
    for (const worker of workers()) worker.process.kill(signal);
    leaveWhenEmpty();
    setTimeout(() => {
      for (const worker of workers()) worker.process.kill('SIGKILL');
      process.exit();
    }, drainMs() + 1_000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  for (let i = 0; i < count; i++) fork();
} else {
  const http = require('node:http');
  const HEADER = 'x-ob-client-ip';
  const hops = Number(process.env.TRUSTED_PROXY_HOPS || 0);
  process.env.OB_CLIENT_IP_HEADER = HEADER;
  // Next.js must not exit at once on SIGTERM: this worker drains first (below).
  process.env.NEXT_MANUAL_SIG_HANDLE = 'true';

  const plain = (address) => (address && address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address);

  /**
   * The client: the socket's address, unless our own proxies (TRUSTED_PROXY_HOPS of them) stand in
   * front, in which case the entry the farthest of them appended to X-Forwarded-For. Entries to the
   * left of it were written by whoever sent the request and are never believed.
   */
  function clientAddress(request) {
    const socket = plain(request.socket && request.socket.remoteAddress) || 'unknown';
    if (!(hops > 0)) return socket;
    const header = request.headers['x-forwarded-for'];
    const chain = (Array.isArray(header) ? header.join(',') : header || '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    // The socket is the nearest proxy; each proxy appended the address it saw.
    const entry = chain[chain.length - hops];
    return plain(entry) || socket;
  }

  // Anonymous public pages that proxy.ts served from its page cache are answered again here, without
  // Next.js, until they expire (scripts/page-replay.cjs). The XSRF cookie's name is lib/api/csrf.ts's.
  const { createPageReplay } = require('./page-replay.cjs');
  const pageReplay = createPageReplay({ xsrfCookie: 'XSRF-TOKEN' });
  const { createStaticAssets } = require('./static-assets.cjs');
  // The build directory beside server.js: `.next`, or NEXT_DIST_DIR's name when it was built elsewhere.
  const distName = fs.readdirSync(__dirname).find((name) => name.startsWith('.next') && fs.existsSync(path.join(__dirname, name, 'routes-manifest.json')));
  const staticAssets = createStaticAssets({ distDir: path.join(__dirname, distName ?? '.next') });

  let inFlight = 0;
  let draining = false;
  const servers = [];
  const createServer = http.createServer;
  http.createServer = function patchedCreateServer(...args) {
    const index = args.findIndex((arg) => typeof arg === 'function');
    if (index >= 0) {
      const listener = args[index];
      args[index] = function stampClient(request, response) {
        const address = clientAddress(request);
        request.headers[HEADER] = address;
        // What the upstream hears as X-Forwarded-For is the address we trust, not the client's text.
        request.headers['x-forwarded-for'] = address;
        inFlight += 1;
        response.once('close', () => {
          inFlight -= 1;
        });
        if (draining) response.setHeader('Connection', 'close');
        if (staticAssets.handle(request, response) || pageReplay.handle(request, response)) return undefined;
        return listener.call(this, request, response);
      };
    }
    const server = createServer.apply(this, args);
    servers.push(server);
    return server;
  };

  const drain = () => {
    if (draining) return;
    draining = true;
    for (const server of servers) server.close();
    const deadline = Date.now() + drainMs();
    const check = () => {
      for (const server of servers) server.closeIdleConnections?.();
      if (inFlight === 0 || Date.now() > deadline) process.exit(0);
      setTimeout(check, 100).unref();
    };
    check();
  };
  process.on('SIGTERM', drain);
  process.on('SIGINT', drain);

  require(path.join(__dirname, 'server.js'));
}
