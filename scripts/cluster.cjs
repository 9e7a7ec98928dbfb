// The production entry point, copied beside the standalone server.js (scripts/prepare-standalone.mjs):
// a cluster primary that owns the listening socket and hands every new connection to one of
// WEB_CONCURRENCY workers, each running Next.js's standalone server.
//
// Why not server.js alone: a busy Node.js process takes in one new connection per event-loop
// iteration, and when it is saturated an iteration lasts a few hundred milliseconds, so new
// visitors' connections wait in the kernel's queue for seconds (npm run bench: up to 30 s for the
// last of 200 connections). The primary does nothing else, accepts at once, and the workers use
// every core. Without REDIS_URL, the workers' rate limits are counted here (lib/bff/rate-limit.ts).
'use strict';
const cluster = require('node:cluster');
const os = require('node:os');
const path = require('node:path');

/** A worker that dies sooner than this after its start is a broken start, not a crash to restart. */
const STARTUP_MS = 15_000;

function workerCount(value) {
  if (value === undefined || value === '') return os.availableParallelism();
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1) {
    console.error(`Invalid environment variable WEB_CONCURRENCY: ${value} (a whole number of worker processes, 1 or more)`);
    process.exit(1);
  }
  return count;
}

if (cluster.isPrimary) {
  const count = workerCount(process.env.WEB_CONCURRENCY);
  if (!process.env.REDIS_URL) {
    const { RateLimiterClusterMaster } = require('rate-limiter-flexible');
    new RateLimiterClusterMaster();
  }
  let stopping = false;
  const startedAt = new Map();
  const fork = () => startedAt.set(cluster.fork().id, Date.now());
  const workers = () => Object.values(cluster.workers ?? {});
  const stop = (signal) => {
    stopping = true;
    if (workers().length === 0) process.exit();
    for (const worker of workers()) worker?.process.kill(signal);
  };

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (!stopping && lived >= STARTUP_MS) {
      console.error(JSON.stringify({ level: 50, time: Date.now(), msg: 'worker exited; starting another', pid: worker.process.pid, code, signal }));
      fork();
      return;
    }
    if (!stopping) {
      // The worker printed why (a configuration error, a port in use): stop rather than loop.
      process.exitCode = code || 1;
      stop('SIGTERM');
    }
    // Leave with the last worker, and with the exit code set above, if any.
    if (workers().length === 0) process.exit();
  });

  const shutdown = (signal) => {
    if (stopping) return;
    stop(signal);
    // Workers that do not stop in time go with the primary.
    setTimeout(() => process.exit(), 10_000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  for (let i = 0; i < count; i++) fork();
} else {
  require(path.join(__dirname, 'server.js'));
}
