/** Validates the configuration when the server starts, so a bad variable stops it with one line. */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { checkConfigOrExit } = await import('@/lib/config-check');
    checkConfigOrExit();
  }
}
