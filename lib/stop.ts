import 'server-only';
import { putAwayHeldFilings, takeBackHeldFilings } from '@/lib/bff/filing';
import { getConfig } from '@/lib/config';
import { lifecycle, stop, watchRequests } from '@/lib/lifecycle';
import { getLogger } from '@/lib/logger';

/**
 * This process's stop (lib/lifecycle.ts), wired to its configuration: DRAIN_SECONDS, then at most
 * SHUTDOWN_GRACE_SECONDS in all; the filing outcomes Redis could not take go to a file of this
 * process's own in DATA_DIR, where the instances started after it take them back.
 */
export async function installStop(): Promise<void> {
  const config = getConfig();
  const log = getLogger();
  if (config.heldFilingsDir) {
    const taken = await takeBackHeldFilings(config.heldFilingsDir);
    if (taken > 0) log.info({ taken }, 'filing outcomes taken back from the last stop');
  }
  watchRequests();
  // Without Next.js's documented switch its own handler closes the listener at once: the stop then
  // only turns readiness off, and Next.js finishes the requests in flight.
  const manual = config.manualSignals;
  const onSignal = (signal: NodeJS.Signals) => {
    if (!manual) {
      lifecycle().draining = true;
      return;
    }
    void stop({
      drainMs: config.drainMs,
      graceMs: config.graceMs,
      log: (message, fields) => log.info({ signal, ...fields }, message),
      beforeExit: async () => {
        const put = await putAwayHeldFilings(config.heldFilingsDir);
        if (put.redis + put.file + put.lost > 0) log.warn(put, 'filing outcomes held by this process put away');
      },
      exit: (code) => process.exit(code),
    });
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
