/** Validates the configuration when the server starts, so a bad variable stops it with one line. */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { checkConfigOrExit } = await import('@/lib/config-check');
    checkConfigOrExit();
    // Watching Redis from the start: an outage this process saw before any customer came still
    // ends the sessions a missed logout could revive (lib/session-revocation.ts).
    const { sessionRevocation } = await import('@/lib/session-revocation');
    sessionRevocation();
    const { installStop } = await import('@/lib/stop');
    await installStop();
  }
}
