import { ConfigError, getConfig } from '@/lib/config';

/** Start-up check (Node.js runtime only): one clear line and exit code 1 for a bad environment. */
export function checkConfigOrExit(): void {
  try {
    getConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
