// The releases the edge serves (scripts/edge.mjs). Each build is a release (scripts/build.mjs names
// it: BUILD_ID). Installing one copies its standalone server into <dataDir>/releases/<id>/, so
// `npm run build` may overwrite .next while instances run from the copy, and merges its static
// files into one folder, <dataDir>/static, that nginx serves as /_next/static/. A content-hashed
// file never changes meaning, so the releases share the folder: a page of the previous release
// still finds its chunks after the roll. A release no newer one has replaced for `keepMs` leaves
// (its files, unless a kept release names them too, and its server copy).
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** How long a replaced release's static files stay served: a page left open for days still works. */
export const KEEP_RELEASE_MS = 7 * 24 * 3600 * 1000;

function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

function readManifest(file) {
  if (!existsSync(file)) return [];
  try {
    const releases = JSON.parse(readFileSync(file, 'utf8'));
    return Array.isArray(releases) ? releases : [];
  } catch {
    return [];
  }
}

/**
 * Installs the build in `distDir` as the current release: answers `{ id, standalone, staticDir }`,
 * the server to run and the folder nginx serves. Installing the current release again changes nothing.
 */
export function installRelease(distDir, dataDir, { keepMs = KEEP_RELEASE_MS, now = Date.now() } = {}) {
  const id = readFileSync(path.join(distDir, 'BUILD_ID'), 'utf8').trim();
  if (!/^[\w.-]{1,80}$/.test(id)) throw new Error(`a build id that names no folder: ${id}`);
  // The standalone copy of the static files carries their brotli and gzip twins (prepare-standalone).
  const builtStatic = path.join(distDir, 'standalone', path.basename(distDir), 'static');
  const releasesDir = path.join(dataDir, 'releases');
  const staticDir = path.join(dataDir, 'static');
  const manifestFile = path.join(dataDir, 'releases.json');
  const standalone = path.join(releasesDir, id);
  mkdirSync(staticDir, { recursive: true });

  if (!existsSync(path.join(standalone, 'server.js'))) {
    rmSync(standalone, { recursive: true, force: true });
    cpSync(path.join(distDir, 'standalone'), standalone, { recursive: true });
  }
  // Added, never overwritten: an older release's file of the same name is the same file.
  const files = filesUnder(builtStatic);
  for (const file of files) {
    const target = path.join(staticDir, file);
    if (existsSync(target)) continue;
    mkdirSync(path.dirname(target), { recursive: true });
    cpSync(path.join(builtStatic, file), target);
  }

  const releases = readManifest(manifestFile).filter((release) => release.id !== id);
  // The release this one replaces is replaced from now on.
  for (const release of releases) release.replacedAt ??= now;
  const kept = releases.filter((release) => now - release.replacedAt < keepMs);
  const gone = releases.filter((release) => now - release.replacedAt >= keepMs);
  const current = { id, installedAt: now, files };
  const stillNamed = new Set([current, ...kept].flatMap((release) => release.files));
  for (const release of gone) {
    for (const file of release.files) if (!stillNamed.has(file)) rmSync(path.join(staticDir, file), { force: true });
    rmSync(path.join(releasesDir, release.id), { recursive: true, force: true });
  }
  writeFileSync(manifestFile, JSON.stringify([...kept, current], null, 2));
  return { id, standalone, staticDir };
}
