// Stand-in for the 'server-only' marker package under Vitest, where no React server build runs.
export {};
