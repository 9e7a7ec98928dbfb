// Free ports and readiness for every process the tools and the tests start: `npm start`, the edge
// topology and its monitoring, the bench, e2e's own sites, drivers and stacks. Ports from get-port,
// the waiting from p-wait-for; what "ready" means (a TCP port, an HTTP status, any condition) is the
// caller's. CommonJS, so that the scripts (ES modules, plain Node) and the suite (compiled to
// CommonJS by Playwright's loader) share one module in one process, as the edge's tests do; the two
// packages, ES modules only, load on first use. scripts/ports.d.cts types it.
const net = require('node:net');

let packages;
const load = () => (packages ??= Promise.all([import('get-port'), import('p-wait-for')]).then(([getPort, pWaitFor]) => ({ getPort: getPort.default, pWaitFor: pWaitFor.default })));

/** A port nothing listens on right now on 127.0.0.1 (get-port keeps it from this process's next asks for a while). */
const freePort = async () => (await load()).getPort({ host: '127.0.0.1' });

const exited = (child) => child.exitCode !== null || child.signalCode !== null;

/**
 * Waits until `check()` answers true, asked every `intervalMs`. Fails naming `what` when `child`
 * ends first or `timeoutMs` passes; `detail()` adds what the caller knows then (a log, a status).
 */
async function waitUntil(what, check, { timeoutMs = 60_000, intervalMs = 150, child, detail } = {}) {
  const fail = (message) => new Error(detail ? `${message}: ${detail()}` : message);
  const { pWaitFor } = await load();
  await pWaitFor(
    async () => {
      if (child && exited(child)) throw fail(`${what} exited (${child.exitCode !== null ? `code ${child.exitCode}` : child.signalCode}) before it was ready`);
      return Boolean(await check());
    },
    {
      interval: intervalMs,
      timeout: {
        milliseconds: timeoutMs,
        fallback: () => {
          throw fail(`${what} was not ready within ${timeoutMs / 1000} s`);
        },
      },
    },
  );
}

/** Whether something accepts a TCP connection on `port` of `host` now. */
const listening = (port, host = '127.0.0.1') =>
  new Promise((resolve) => {
    const socket = net.connect(Number(port), host);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => {
      socket.destroy();
      resolve(false);
    });
  });

/** Waits until something listens on `port` (waitUntil's options). */
const waitForPort = (what, port, options) => waitUntil(what, () => listening(port), options);

/**
 * Waits until a GET of `url` (redirects not followed, each bounded by `requestTimeoutMs`) answers a
 * status `ok` takes, by default 2xx; a failure names `what` and the last answer or error.
 */
async function waitForHttp(url, { what = url, ok = (status) => status >= 200 && status < 300, headers, requestTimeoutMs = 5_000, detail, ...options } = {}) {
  let last = 'no answer';
  const check = async () => {
    try {
      const response = await fetch(url, { headers, redirect: 'manual', signal: AbortSignal.timeout(requestTimeoutMs) });
      await response.arrayBuffer();
      if (ok(response.status)) return true;
      last = `status ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    }
    return false;
  };
  await waitUntil(what, check, { ...options, detail: () => (detail ? `${last}; ${detail()}` : last) });
}

module.exports = { freePort, waitUntil, listening, waitForPort, waitForHttp };
