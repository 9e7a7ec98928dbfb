import 'server-only';
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * How an instance stops without losing a request: on SIGTERM (or SIGINT) it says at once that it is
 * not ready (app/api/health/ready), keeps serving for the drain delay while the edge or the
 * orchestrator stops sending it new requests, then stops accepting connections, closes each
 * keep-alive connection as soon as it is idle, waits for the requests in flight (a filing to its
 * two minutes, an upload to its deadline) and exits. Bounded by the grace: whatever is still running
 * then is cut off, as the orchestrator would.
 *
 * Next.js's own handler would close the listener at the first signal, with no drain, so the start
 * scripts set NEXT_MANUAL_SIG_HANDLE (Next.js's documented switch) and this takes the signal. The
 * HTTP server and its requests are seen through Node's documented diagnostics channels
 * (`http.server.request.start`), nothing of Next.js or Node patched.
 */
export interface Lifecycle {
  /** Since the stop signal: the readiness check answers 503. */
  draining: boolean;
  /** Requests this process is answering right now. */
  inFlight: number;
}

const state = globalThis as typeof globalThis & { obLifecycle?: Lifecycle & { servers: Set<Server>; installed: boolean } };

function lifecycleState() {
  state.obLifecycle ??= { draining: false, inFlight: 0, servers: new Set(), installed: false };
  return state.obLifecycle;
}

export function lifecycle(): Lifecycle {
  return lifecycleState();
}

export interface StopOptions {
  drainMs: number;
  graceMs: number;
  /** Runs once no request is left, before the exit: what must outlive the process goes somewhere. */
  beforeExit: () => Promise<void>;
  log: (message: string, fields?: Record<string, unknown>) => void;
  exit: (code: number) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Counts requests and learns the server from Node's own channel; once per process. */
export function watchRequests(): void {
  const current = lifecycleState();
  if (current.installed) return;
  current.installed = true;
  subscribe('http.server.request.start', (message) => {
    const { response, server } = message as { request: IncomingMessage; response: ServerResponse; server: Server };
    current.servers.add(server);
    current.inFlight++;
    // 'close' comes for an answered request and for one whose client went away alike.
    response.once('close', () => current.inFlight--);
  });
}

/** The stop itself, on the first signal; a second signal changes nothing. */
export async function stop({ drainMs, graceMs, beforeExit, log, exit }: StopOptions): Promise<void> {
  const current = lifecycleState();
  if (current.draining) return;
  current.draining = true;
  const deadline = Date.now() + graceMs;
  log('stopping: not ready, draining', { drainMs, graceMs, inFlight: current.inFlight });
  await sleep(Math.min(drainMs, graceMs));
  for (const server of current.servers) server.close();
  // Each keep-alive connection goes as soon as its request is answered.
  while (current.inFlight > 0 && Date.now() < deadline) {
    for (const server of current.servers) server.closeIdleConnections();
    await sleep(100);
  }
  for (const server of current.servers) server.closeIdleConnections();
  if (current.inFlight > 0) log('stopping: grace over, requests cut off', { inFlight: current.inFlight });
  try {
    await beforeExit();
  } catch (error) {
    log('stopping: could not put away what must outlive the process', { error: error instanceof Error ? error.message : String(error) });
  }
  log('stopped', {});
  exit(0);
}
