import { ConfigError, getConfig } from '@/lib/server/config';

/** Exit code of a bad environment (sysexits' EX_CONFIG): a supervisor can tell it from a crash and not restart. */
export const CONFIG_EXIT_CODE = 78;

/** Start-up check (Node.js runtime only): one clear line and exit code 78 for a bad environment. */
export function checkConfigOrExit(): void {
  try {
    getConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(CONFIG_EXIT_CODE);
  }
}
