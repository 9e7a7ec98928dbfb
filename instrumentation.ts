/**
 * Once per server process, before it serves: validates the configuration (a bad variable stops it
 * with one line), watches Redis, and starts what makes the process seen (docs/observability.md):
 * tracing (Next.js's request spans, for the access lines, the metrics and, when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set, the export) and the metrics listener (METRICS_PORT); and takes
 * the stop signals itself (lib/server/stop.ts: drain, then the requests in flight, then the exit).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { checkConfigOrExit } = await import('@/lib/server/config-check');
    checkConfigOrExit();
    const { registerTracing } = await import('@/lib/observability/tracing');
    await registerTracing();
    // Watching Redis from the start: an outage this process saw before any customer came still
    // ends the sessions a missed logout could revive (lib/session/revocation.ts).
    const { sessionRevocation } = await import('@/lib/session/revocation');
    sessionRevocation();
    const { startMetricsServer } = await import('@/lib/observability/metrics-server');
    startMetricsServer({ failingClosed: () => sessionRevocation().failingClosed });
    const [{ installStop }, { putAwayHeldFilings, takeBackHeldFilings }] = await Promise.all([import('@/lib/server/stop'), import('@/lib/bff/filing')]);
    await installStop({ takeBack: takeBackHeldFilings, putAway: putAwayHeldFilings });
  }
}
