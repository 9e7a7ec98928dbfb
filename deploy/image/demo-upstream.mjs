// The demo upstream's entry (demo-upstream.Dockerfile): the sandbox API on this container's
// loopback, and TLS in front of it on UPSTREAM_PORT (8443) with the certificate and key of
// TLS_CERT_FILE and TLS_KEY_FILE (Swarm secrets). The service token comes from API_SERVICE_TOKEN_FILE.
import { readFileSync } from 'node:fs';
import net from 'node:net';
import tls from 'node:tls';

const read = (name) => readFileSync(process.env[name], 'utf8').trim();
process.env.SANDBOX_HOST = '127.0.0.1';
process.env.SANDBOX_PORT ??= '41900';
if (process.env.API_SERVICE_TOKEN_FILE) process.env.API_SERVICE_TOKEN = read('API_SERVICE_TOKEN_FILE');

const server = tls.createServer({ cert: read('TLS_CERT_FILE'), key: read('TLS_KEY_FILE') }, (client) => {
  const sandbox = net.connect(Number(process.env.SANDBOX_PORT), '127.0.0.1');
  client.pipe(sandbox).pipe(client);
  client.on('error', () => sandbox.destroy());
  sandbox.on('error', () => client.destroy());
});
server.listen(Number(process.env.UPSTREAM_PORT ?? 8443), '0.0.0.0');
await import('./sandbox.cjs');
