import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP endpoint on 127.0.0.1 that takes JSON posts, as Alertmanager's webhooks and OTLP/HTTP
 * exporters send them, hands each body and its path to `take`, and answers 200 with `{}`.
 */
export async function jsonReceiver(take: (path: string, body: unknown) => void): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      take(request.url ?? '', JSON.parse(Buffer.concat(chunks).toString('utf8')));
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
