import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as it reached the stand-in: the spec §7 path (without `/v1`), its headers and its body. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface StandInUpstream {
  /** The base URL to give as API_BASE_URL. */
  url: string;
  /** Every request so far, oldest first. */
  received: Received[];
  close(): Promise<void>;
}

/**
 * A real upstream API on loopback for the unit tests of lib/bff: it records each request once its
 * body has arrived, then lets `answer` reply (or cut the connection: `response.socket?.destroy()`).
 */
export async function startStandInUpstream(answer: (request: Received, response: ServerResponse) => void): Promise<StandInUpstream> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = { path: request.url!.replace(/^\/v1/, ''), headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(entry);
      answer(entry, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** What a planned stand-in answers one request: a status and body after a delay, or a cut connection. */
export type Plan = { status?: number; body?: unknown; raw?: string; delayMs?: number } | 'reset';

/**
 * A stand-in that answers each path from its queue of plans in `plans`, else `fallback`. Its first
 * request is made here: the first fetch of a process loads Node's HTTP client, so that a short
 * API_TIMEOUT_MS bounds only the calls under test.
 */
export async function startPlannedUpstream(plans: Map<string, Plan[]>, fallback: unknown): Promise<StandInUpstream> {
  const upstream = await startStandInUpstream(({ path }, response) => {
    const plan = plans.get(path)?.shift() ?? { body: fallback };
    if (plan === 'reset') {
      response.socket?.destroy();
      return;
    }
    setTimeout(() => {
      response.statusCode = plan.status ?? 200;
      response.setHeader('Content-Type', 'application/json');
      response.end(plan.raw ?? JSON.stringify(plan.body));
    }, plan.delayMs ?? 0);
  });
  await fetch(`${upstream.url}/warm-up`).then((response) => response.arrayBuffer());
  return upstream;
}
