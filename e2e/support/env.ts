/** Ports of their own, so the suite runs beside a site started with `npm start`. */
export const sitePort = Number(process.env.E2E_PORT ?? 3100);
export const sandboxPort = Number(process.env.E2E_SANDBOX_PORT ?? 41911);
export const baseURL = `http://127.0.0.1:${sitePort}`;
export const sandboxURL = `http://127.0.0.1:${sandboxPort}`;
export const serviceToken = 'sandbox-service-token';

/**
 * The servers the tests start keep idle sockets open longer than any test stays away from them
 * (Next.js's default is Node's 5 s). A test's request client, unlike a browser, does not retry a
 * request that meets a socket the server is closing: a `GET /api/session` sent about 5 s after the
 * previous one, after clicking through the wizard, failed with `ECONNRESET` in CI (loose-ends.spec.ts).
 * In production nginx keeps its sockets to the instances 4 s, under the instances' 5 s.
 */
export const TEST_KEEP_ALIVE_MS = '65000';
