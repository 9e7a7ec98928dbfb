import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The newest released version of a keepachangelog file, as the footer shows it (spec §9: V1.0.0):
 * the first `## [x.y.z]` heading, `Unreleased` being no version.
 */
export function releasedVersion(changelog: string): string {
  const released = /^## \[(\d+\.\d+\.\d+)\]/m.exec(changelog);
  if (!released) throw new Error('CHANGELOG.md names no released version: a heading such as `## [1.0.0] - 2026-11-26`');
  return `V${released[1]}`;
}

/**
 * Shown in the footer and answered by the sandbox's settings. Read from the working directory: the
 * repository, or the standalone server's folder, where the build's file trace puts CHANGELOG.md
 * (next.config.ts).
 */
export const APP_VERSION = releasedVersion(readFileSync(path.join(process.cwd(), 'CHANGELOG.md'), 'utf8'));
