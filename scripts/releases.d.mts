/** Types of scripts/releases.mjs for the TypeScript tests that import it. */
export const KEEP_RELEASE_MS: number;

export interface Release {
  id: string;
  standalone: string;
  staticDir: string;
}

export function installRelease(distDir: string, dataDir: string, options?: { keepMs?: number; now?: number }): Release;
