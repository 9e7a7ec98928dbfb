import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// deploy/image/publish-static.mjs, as the app image runs it at a task's start: beside the build
// (/app/.next), publishing into the edge's folder (STATIC_PUBLISH_DIR).
const script = path.resolve(import.meta.dirname, '..', 'deploy', 'image', 'publish-static.mjs');
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function image(release: string, files: Record<string, string>): string {
  const app = mkdtempSync(path.join(os.tmpdir(), 'publish-app-'));
  dirs.push(app);
  cpSync(script, path.join(app, 'publish-static.mjs'));
  mkdirSync(path.join(app, '.next', 'static'), { recursive: true });
  writeFileSync(path.join(app, '.next', 'BUILD_ID'), release);
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(app, '.next', 'static', file)), { recursive: true });
    writeFileSync(path.join(app, '.next', 'static', file), content);
  }
  return app;
}

function start(app: string, target: string, env: Record<string, string> = {}) {
  const run = spawnSync(process.execPath, [path.join(app, 'publish-static.mjs')], { env: { ...process.env, STATIC_PUBLISH_DIR: target, ...env }, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
}

describe('the static files a release publishes for the edge', () => {
  it('keeps the files of the releases before it, never overwrites one, and lets a long-replaced release go', () => {
    const target = mkdtempSync(path.join(os.tmpdir(), 'publish-static-'));
    dirs.push(target);
    start(image('a', { 'chunks/a1.js': 'A1', 'chunks/shared.js': 'S', 'a/_buildManifest.js': 'MA' }), target);
    // Two tasks of release B start at once; then one of release A restarts (a rollback): nothing changes twice.
    const b = image('b', { 'chunks/b1.js': 'B1', 'chunks/shared.js': 'S-never-written', 'b/_buildManifest.js': 'MB' });
    start(b, target);
    start(b, target);
    // A page of release A, open during and after the release, finds every file it names.
    for (const [file, content] of [['chunks/a1.js', 'A1'], ['a/_buildManifest.js', 'MA'], ['chunks/b1.js', 'B1'], ['chunks/shared.js', 'S']]) {
      expect(readFileSync(path.join(target, file!), 'utf8'), file).toBe(content);
    }
    const manifest = JSON.parse(readFileSync(path.join(target, 'releases.json'), 'utf8')) as { id: string; replacedAt?: number }[];
    expect(manifest.map((release) => [release.id, typeof release.replacedAt])).toEqual([
      ['a', 'number'],
      ['b', 'undefined'],
    ]);
    // Release C, with replaced releases kept no time at all: A's and B's own files leave, C's and what C shares stay.
    start(image('c', { 'chunks/c1.js': 'C1', 'chunks/shared.js': 'S' }), target, { STATIC_KEEP_DAYS: '0' });
    expect(['chunks/a1.js', 'a/_buildManifest.js', 'chunks/b1.js', 'b/_buildManifest.js'].filter((file) => existsSync(path.join(target, file)))).toEqual([]);
    expect(readFileSync(path.join(target, 'chunks/shared.js'), 'utf8')).toBe('S');
    expect(readFileSync(path.join(target, 'chunks/c1.js'), 'utf8')).toBe('C1');
  });

  it('publishes nothing without STATIC_PUBLISH_DIR', () => {
    const app = image('a', { 'chunks/a1.js': 'A1' });
    const run = spawnSync(process.execPath, [path.join(app, 'publish-static.mjs')], { env: { ...process.env, STATIC_PUBLISH_DIR: '' }, encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('');
  });
});
