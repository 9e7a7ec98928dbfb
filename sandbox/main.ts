import path from 'node:path';
import { seedFixtures } from '@/sandbox/fixtures';
import { createSandbox } from '@/sandbox/server';
import { Store } from '@/sandbox/store';

/**
 * `npm run sandbox`: the embedded sandbox API on SANDBOX_HOST:SANDBOX_PORT (127.0.0.1:41900).
 * `npm run sandbox:reset` (`--reset-only`): puts the data back to the fixtures and exits.
 */
const env = process.env;
const dbPath = path.resolve(env.SANDBOX_DB || '.data/sandbox.db');
const filesDir = path.resolve(env.SANDBOX_FILES_DIR || path.join(path.dirname(dbPath), 'uploads'));
const campaignEndDate = env.SANDBOX_CAMPAIGN_END_DATE || undefined;

function fail(message: string): never {
  console.error(`[sandbox] ${message}`);
  process.exit(1);
}

if (env.SANDBOX_RESEND_SECONDS !== undefined && !/^\d+$/.test(env.SANDBOX_RESEND_SECONDS)) {
  fail('Invalid environment variable SANDBOX_RESEND_SECONDS: expected whole seconds');
}
if (campaignEndDate !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(campaignEndDate)) {
  fail('Invalid environment variable SANDBOX_CAMPAIGN_END_DATE: expected YYYY-MM-DD');
}

async function main(): Promise<void> {
  if (process.argv.includes('--reset-only')) {
    const store = new Store(dbPath, filesDir);
    store.wipe();
    seedFixtures(store, { nowMs: Date.now(), ...(campaignEndDate && { campaignEndDate }) });
    store.close();
    console.log(`[sandbox] data reset to the fixtures: ${dbPath}`);
    return;
  }
  const port = Number(env.SANDBOX_PORT || 41900);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail('Invalid environment variable SANDBOX_PORT: expected a port number');
  const sandbox = await createSandbox({
    port,
    host: env.SANDBOX_HOST || '127.0.0.1',
    dbPath,
    filesDir,
    serviceToken: env.API_SERVICE_TOKEN || 'sandbox-service-token',
    serviceTokenHeader: env.API_SERVICE_TOKEN_HEADER || 'X-Service-Token',
    ...(campaignEndDate && { campaignEndDate }),
    ...(env.SANDBOX_PUBLIC_URL && { publicUrl: env.SANDBOX_PUBLIC_URL }),
    ...(env.SANDBOX_RESEND_SECONDS && { resendIntervalMs: Number(env.SANDBOX_RESEND_SECONDS) * 1000 }),
    logRequests: env.SANDBOX_LOG_REQUESTS === '1',
  }).catch((error: unknown) => fail(`cannot start: ${error instanceof Error ? error.message : String(error)}`));
  console.log(`[sandbox] listening on ${sandbox.url}/v1 (data: ${dbPath})`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[sandbox] ${signal}: shutting down`);
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

void main();
