// `npm run roll`: replaces the instances of the running `npm run start:edge` one at a time
// (scripts/edge.mjs, roll): each taken out of nginx, stopped with its drain, started again from
// the build in .next and put back once ready. After `npm run build` that is a release (the old
// release's static files stay served); without one, a rolling restart. Waits for the end and says
// which release runs.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.resolve(root, process.env.DATA_DIR ?? '.data/edge');
const pidFile = path.join(dataDir, 'edge.pid');
const rollFile = path.join(dataDir, 'roll.json');
if (!existsSync(pidFile)) {
  console.error(`roll: no ${path.relative(root, pidFile)}: is \`npm run start:edge\` running (same DATA_DIR)?`);
  process.exit(1);
}
const pid = Number(readFileSync(pidFile, 'utf8'));
const since = Date.now();
try {
  process.kill(pid, 'SIGHUP');
} catch {
  console.error(`roll: the topology (pid ${pid}) is not running`);
  process.exit(1);
}
console.log(`roll: asked the topology (pid ${pid}) to replace its instances one at a time`);
const deadline = since + 10 * 60_000;
while (Date.now() < deadline) {
  await new Promise((resolve) => setTimeout(resolve, 500));
  if (!existsSync(rollFile) || statSync(rollFile).mtimeMs < since) continue;
  const outcome = JSON.parse(readFileSync(rollFile, 'utf8'));
  if (outcome.error) {
    console.error(`roll: failed: ${outcome.error}`);
    process.exit(1);
  }
  console.log(`roll: done, release ${outcome.release}`);
  process.exit(0);
}
console.error('roll: no answer within 10 minutes');
process.exit(1);
