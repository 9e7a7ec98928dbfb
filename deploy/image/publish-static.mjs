// Run by the app image before its server (Dockerfile): adds this release's static files
// (/_next/static, content-hashed) to the folder the edge serves, STATIC_PUBLISH_DIR, a volume the
// app's tasks share with the edge. Files are added, never overwritten (a hashed name never changes
// meaning), so a page of an older release still finds its chunks after a release; a release replaced
// longer ago than STATIC_KEEP_DAYS (default 7) loses the files no kept release names. Each file and
// the manifest are written aside and renamed into place: tasks starting together never show a
// half-written file.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

const target = process.env.STATIC_PUBLISH_DIR;
if (target) {
  const app = path.resolve(import.meta.dirname);
  const id = readFileSync(path.join(app, '.next', 'BUILD_ID'), 'utf8').trim();
  const built = path.join(app, '.next', 'static');
  const keepMs = Number(process.env.STATIC_KEEP_DAYS ?? 7) * 24 * 3600 * 1000;
  const now = Date.now();
  // Tasks in containers of their own may share a pid: the name aside is random.
  const aside = `.${randomUUID()}.tmp`;

  const files = readdirSync(built, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(built, path.join(entry.parentPath, entry.name)));
  let added = 0;
  for (const file of files) {
    const to = path.join(target, file);
    if (existsSync(to)) continue;
    mkdirSync(path.dirname(to), { recursive: true });
    copyFileSync(path.join(built, file), to + aside);
    renameSync(to + aside, to);
    added += 1;
  }

  const manifestFile = path.join(target, 'releases.json');
  let releases = [];
  try {
    releases = JSON.parse(readFileSync(manifestFile, 'utf8'));
    if (!Array.isArray(releases)) releases = [];
  } catch {
    releases = [];
  }
  const others = releases.filter((release) => release.id !== id);
  for (const release of others) release.replacedAt ??= now;
  const kept = others.filter((release) => now - release.replacedAt < keepMs);
  const gone = others.filter((release) => now - release.replacedAt >= keepMs);
  const current = { id, installedAt: releases.find((release) => release.id === id)?.installedAt ?? now, files };
  const named = new Set([current, ...kept].flatMap((release) => release.files));
  for (const release of gone) for (const file of release.files) if (!named.has(file)) rmSync(path.join(target, file), { force: true });
  writeFileSync(manifestFile + aside, JSON.stringify([...kept, current]));
  renameSync(manifestFile + aside, manifestFile);
  console.log(JSON.stringify({ level: 30, msg: 'static files published', release: id, added, kept: kept.length, removed: gone.length }));
}
