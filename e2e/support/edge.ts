import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Edge, EdgeOptions } from '../../scripts/edge.mjs';
import { distDir } from './servers';

/**
 * The topology of scripts/edge.mjs for one spec: the suite's build, free ports, the sandbox's data
 * fresh in `dataDir` whatever a run before changed, and its own 60 s resend rule off (it would hide
 * the site's limits).
 */
export async function startTestEdge(dataDir: string, options: EdgeOptions = {}): Promise<Edge> {
  // Imported when run: an ES module of its own (import.meta), which the test loader would not compile.
  const { startEdge } = await import('../../scripts/edge.mjs');
  rmSync(dataDir, { recursive: true, force: true });
  return startEdge({
    distDir: path.basename(distDir),
    dataDir,
    edgePort: 0,
    appPorts: [0, 0],
    build: false,
    ...options,
    sandboxEnv: { SANDBOX_RESEND_SECONDS: '0', ...options.sandboxEnv },
  });
}
