// Whether a production build is current: its BUILD_ID is newer than every file it is made from.
// Used by `npm start` (scripts/start.mjs) and `npm run start:edge` (scripts/edge.mjs).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const inputs = ['app', 'components', 'lib', 'messages', 'public', 'scripts/build.mjs', 'scripts/prepare-standalone.mjs', 'proxy.ts', 'instrumentation.ts', 'next.config.ts', 'package-lock.json', 'tsconfig.json'];

/** Newest modification time among the files a build is made from. */
function newestSource() {
  let newest = 0;
  const visit = (file) => {
    if (!existsSync(file)) return;
    const stat = statSync(file);
    if (stat.isDirectory()) for (const entry of readdirSync(file)) visit(path.join(file, entry));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const input of inputs) visit(path.join(root, input));
  return newest;
}

export function buildIsCurrent(distDir) {
  const buildId = path.join(distDir, 'BUILD_ID');
  return existsSync(buildId) && existsSync(path.join(distDir, 'standalone', 'server.js')) && statSync(buildId).mtimeMs >= newestSource();
}
