// Run inside a copy of the app image (e2e/support/stack.ts, anotherRelease): turns its build into
// what the next commit's build looks like to a browser, without the minutes of a second
// `next build`: another build id, and every client chunk under another name (as changed code
// gets other content hashes). A page opened on the old release then asks for files the new one
// does not have; only the release's kept static files (deploy/image/publish-static.mjs) answer it.
//   node another-release.mjs <app dir> <new build id>
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const [app, newId] = process.argv.slice(2);
const next = path.join(app, '.next');
const oldId = readFileSync(path.join(next, 'BUILD_ID'), 'utf8').trim();
const chunks = path.join(next, 'static', 'chunks');
/** A chunk's new name: the same file behind another prefix, its references rewritten below. */
const PREFIX = 'r2';

const textFile = /\.(js|json|html|rsc|txt|meta|body|css|map)$/;
const edits = [
  [oldId, newId],
  ['static/chunks/', `static/chunks/${PREFIX}`],
];
let changed = 0;
for (const entry of readdirSync(next, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !(textFile.test(entry.name) || entry.name === 'BUILD_ID')) continue;
  const file = path.join(entry.parentPath, entry.name);
  if (file.includes(`${path.sep}node_modules${path.sep}`)) continue;
  const before = readFileSync(file, 'utf8');
  const after = edits.reduce((text, [from, to]) => text.replaceAll(from, to), before);
  if (after === before) continue;
  writeFileSync(file, after);
  changed += 1;
  // The edge serves the precompressed copies: they say what the file now says.
  if (existsSync(`${file}.br`)) writeFileSync(`${file}.br`, brotliCompressSync(after));
  if (existsSync(`${file}.gz`)) writeFileSync(`${file}.gz`, gzipSync(after));
}
for (const name of readdirSync(chunks)) renameSync(path.join(chunks, name), path.join(chunks, `${PREFIX}${name}`));
// Copied, not renamed: a folder of the image's lower layer cannot be renamed (EXDEV on overlayfs).
cpSync(path.join(next, 'static', oldId), path.join(next, 'static', newId), { recursive: true });
rmSync(path.join(next, 'static', oldId), { recursive: true });
console.log(`another release: ${oldId} -> ${newId}, ${changed} files rewritten`);
