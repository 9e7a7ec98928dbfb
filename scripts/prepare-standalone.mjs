// The standalone server serves only what sits beside it: copy the static assets and public/ in,
// and the cluster entry point (scripts/cluster.cjs, with the modules it loads) that runs it. The
// assets get their brotli and gzip copies here, once (scripts/static-assets.cjs).
import { cpSync, existsSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const { precompressAssets } = createRequire(import.meta.url)('./static-assets.cjs');

const root = path.resolve(import.meta.dirname, '..');
const distDir = path.join(root, process.env.NEXT_DIST_DIR ?? '.next');
const standalone = path.join(distDir, 'standalone');
if (!existsSync(standalone)) {
  console.error('No standalone output: is output "standalone" set in next.config.ts?');
  process.exit(1);
}
for (const [from, to] of [
  [path.join(root, 'public'), path.join(standalone, 'public')],
  [path.join(distDir, 'static'), path.join(standalone, path.basename(distDir), 'static')],
]) {
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
}
for (const file of ['cluster.cjs', 'page-replay.cjs', 'static-assets.cjs']) cpSync(path.join(root, 'scripts', file), path.join(standalone, file));
const started = Date.now();
const count = precompressAssets(path.join(standalone, path.basename(distDir), 'static'));
console.log(`Compressed ${count} build assets (brotli and gzip) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
