// Free ports and readiness for every process the tools and the tests start: `npm start`, the edge
// topology and its monitoring, the bench, e2e's own sites, drivers and stacks. Ports from get-port,
// the waiting from p-wait-for; what "ready" means (a TCP port, an HTTP status, any condition) is the
// caller's. Plain JavaScript without import.meta, so plain Node runs it for scripts/ and Playwright's
// loader compiles it for e2e/; scripts/ports.d.mts types it.
import net from 'node:net';
import getPort from 'get-port';
import pWaitFor from 'p-wait-for';

/** A port nothing listens on right now on 127.0.0.1 (get-port keeps it from this process's next asks for a while). */
export const freePort = () => getPort({ host: '127.0.0.1' });

const exited = (child) => child.exitCode !== null || child.signalCode !== null;

/**
 * Waits until `check()` answers true, asked every `intervalMs`. Fails naming `what` when `child`
 * ends first or `timeoutMs` passes; `detail()` adds what the caller knows then (a log, a status).
 */
export function waitUntil(what, check, { timeoutMs = 60_000, intervalMs = 150, child, detail } = {}) {
  const fail = (message) => new Error(detail ? `${message}: ${detail()}` : message);
  return pWaitFor(
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
export const listening = (port, host = '127.0.0.1') =>
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
export const waitForPort = (what, port, options) => waitUntil(what, () => listening(port), options);

/**
 * Waits until a GET of `url` (redirects not followed, each bounded by `requestTimeoutMs`) answers a
 * status `ok` takes, by default 2xx; a failure names `what` and the last answer or error.
 */
export async function waitForHttp(url, { what = url, ok = (status) => status >= 200 && status < 300, headers, requestTimeoutMs = 5_000, detail, ...options } = {}) {
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
