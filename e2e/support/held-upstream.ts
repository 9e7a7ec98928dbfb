import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A proxy in front of an upstream that holds back the answers to `heldPath` (a /v1 call's path)
 * after the upstream gave them, until `release()`: a call that read the old data and is still on its
 * way when something changes. `asked` resolves when the first held answer has come from the upstream.
 */
export async function heldUpstream(upstream: string, heldPath: string) {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let markAsked = () => undefined as void;
  const asked = new Promise<void>((resolve) => (markAsked = resolve));
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const answer = await fetch(`${upstream}${request.url}`, {
      method: request.method,
      headers: Object.fromEntries(Object.entries(request.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)).map(([name, value]) => [name, String(value)])),
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    const body = Buffer.from(await answer.arrayBuffer());
    if (new URL(request.url ?? '/', upstream).pathname === `/v1${heldPath}`) {
      markAsked();
      await released;
    }
    response.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked,
    release,
    close: () =>
      new Promise<void>((resolve) => {
        release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
