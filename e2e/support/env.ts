/** Ports of their own, so the suite runs beside a site started with `npm start`. */
export const sitePort = Number(process.env.E2E_PORT ?? 3100);
export const sandboxPort = Number(process.env.E2E_SANDBOX_PORT ?? 41911);
export const baseURL = `http://127.0.0.1:${sitePort}`;
export const sandboxURL = `http://127.0.0.1:${sandboxPort}`;
export const serviceToken = 'sandbox-service-token';
