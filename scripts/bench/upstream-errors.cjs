// Preloaded into the site's server by the bench only (NODE_OPTIONS=--require): the BFF answers 502
// for an upstream call that failed, without saying why; this writes the reason to the server's log
// (one JSON line, `msg: "bench-upstream-error"`) so BENCHMARKS.md can name it.
const originalFetch = globalThis.fetch;
globalThis.fetch = async function fetchWithFailureLog(...args) {
  const started = Date.now();
  try {
    return await originalFetch.apply(this, args);
  } catch (error) {
    const cause = error && error.cause;
    process.stderr.write(
      `${JSON.stringify({
        msg: 'bench-upstream-error',
        time: Date.now(),
        afterMs: Date.now() - started,
        name: error && error.name,
        code: (cause && cause.code) || null,
        message: String((cause && cause.message) || (error && error.message)),
      })}\n`,
    );
    throw error;
  }
};
