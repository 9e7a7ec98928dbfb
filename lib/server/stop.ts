import 'server-only';
import { getConfig } from '@/lib/server/config';
import { lifecycle, stop, watchRequests } from '@/lib/server/lifecycle';
import { getLogger } from '@/lib/server/logger';

/** What a process holds that must outlive it: the filing outcomes of lib/bff/filing.ts. */
export interface HeldWork {
  /** Takes back what stopped processes left in `dir`; answers how many. */
  takeBack(dir: string): Promise<number>;
  /** Puts away what this process holds: in Redis, else in a file of `dir`, else lost. */
  putAway(dir: string | undefined): Promise<{ redis: number; file: number; lost: number }>;
}

/**
 * This process's stop (lib/server/lifecycle.ts), wired to its configuration: DRAIN_SECONDS, then at most
 * SHUTDOWN_GRACE_SECONDS in all; the held work (the filing outcomes Redis could not take) goes to a
 * file of this process's own in DATA_DIR, where the instances started after it take it back.
 */
export async function installStop(held: HeldWork): Promise<void> {
  const config = getConfig();
  const log = getLogger();
  if (config.heldFilingsDir) {
    const taken = await held.takeBack(config.heldFilingsDir);
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
        const put = await held.putAway(config.heldFilingsDir);
        if (put.redis + put.file + put.lost > 0) log.warn(put, 'filing outcomes held by this process put away');
      },
      exit: (code) => process.exit(code),
    });
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
