// The standalone server serves only what sits beside it: copy the static assets and public/ in.
// Each build asset gets a brotli (quality 11) and a gzip copy beside it, once, for the edge to send
// as they are (deploy/nginx: brotli_static, gzip_static) instead of compressing per request.
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

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

/** Text assets worth an encoding: below 1 KB the headers outweigh the saving. */
const compressible = new Set(['.js', '.css', '.svg', '.json', '.txt', '.map']);
function precompressAssets(dir) {
  let count = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !compressible.has(path.extname(entry.name))) continue;
    const file = path.join(entry.parentPath, entry.name);
    const data = readFileSync(file);
    if (data.length < 1024) continue;
    const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length };
    writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params }));
    writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
    count += 1;
  }
  return count;
}
const started = Date.now();
const count = precompressAssets(path.join(standalone, path.basename(distDir), 'static'));
console.log(`Compressed ${count} build assets (brotli and gzip) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
