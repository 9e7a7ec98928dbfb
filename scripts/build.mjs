// `npm run build`: `next build` as one release, then the standalone output made servable
// (scripts/prepare-standalone.mjs). A release has an id of its own, NEXT_DEPLOYMENT_ID (given, or
// made here from the commit and the time): next.config.ts makes it the deployment id and the build
// id, so a page of the previous release moves to this one by a full navigation instead of asking
// for files it no longer has, and this release's cache entries and static folder are its own.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const commit = spawnSync('git', ['rev-parse', '--short=10', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout?.trim() || 'nogit';
const deploymentId = process.env.NEXT_DEPLOYMENT_ID || `${commit}-${Date.now().toString(36)}`;
const env = { ...process.env, NEXT_DEPLOYMENT_ID: deploymentId };
console.log(`> Release ${deploymentId}`);

for (const [command, args] of [
  [path.join(root, 'node_modules', '.bin', 'next'), ['build']],
  [process.execPath, [path.join(root, 'scripts', 'prepare-standalone.mjs')]],
]) {
  const step = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' });
  if (step.status !== 0) process.exit(step.status ?? 1);
}
