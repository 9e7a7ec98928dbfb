import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { installRelease } from './releases.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A build folder as `npm run build` leaves it: BUILD_ID, the standalone server and its static files. */
function build(id: string, files: Record<string, string>): string {
  const distDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'release-')), '.next');
  dirs.push(path.dirname(distDir));
  const staticDir = path.join(distDir, 'standalone', '.next', 'static');
  mkdirSync(staticDir, { recursive: true });
  writeFileSync(path.join(distDir, 'BUILD_ID'), id);
  writeFileSync(path.join(distDir, 'standalone', 'server.js'), `// ${id}`);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(staticDir, name)), { recursive: true });
    writeFileSync(path.join(staticDir, name), content);
  }
  return distDir;
}

describe('installRelease', () => {
  it('serves every kept release’s files from one folder, each server from its own copy', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'edge-data-'));
    dirs.push(dataDir);
    const day = 24 * 3600 * 1000;
    const a = installRelease(build('rel-a', { 'chunks/a1.js': 'A', 'chunks/shared.js': 'S', 'chunks/a1.js.br': 'A.br' }), dataDir, { now: 0 });
    expect(a).toEqual({ id: 'rel-a', standalone: path.join(dataDir, 'releases', 'rel-a'), staticDir: path.join(dataDir, 'static') });
    expect(readFileSync(path.join(a.standalone, 'server.js'), 'utf8')).toBe('// rel-a');

    installRelease(build('rel-b', { 'chunks/b1.js': 'B', 'chunks/shared.js': 'S' }), dataDir, { now: day });
    // Through the roll and after it, the old page's chunks are still there beside the new ones.
    for (const file of ['chunks/a1.js', 'chunks/a1.js.br', 'chunks/b1.js', 'chunks/shared.js']) expect(existsSync(path.join(dataDir, 'static', file)), file).toBe(true);
    expect(existsSync(path.join(dataDir, 'releases', 'rel-a', 'server.js'))).toBe(true);

    // A week after B replaced A, the next release takes A's own files away, never a shared one.
    installRelease(build('rel-c', { 'chunks/c1.js': 'C' }), dataDir, { now: day + 7 * day });
    expect(existsSync(path.join(dataDir, 'static', 'chunks/a1.js'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'static', 'chunks/a1.js.br'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'static', 'chunks/shared.js'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'static', 'chunks/b1.js'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'releases', 'rel-a'))).toBe(false);
    expect(JSON.parse(readFileSync(path.join(dataDir, 'releases.json'), 'utf8')).map((release: { id: string }) => release.id)).toEqual(['rel-b', 'rel-c']);
  });

  it('installs the current release again without copying anything, and refuses a build id that names no folder', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'edge-data-'));
    dirs.push(dataDir);
    const distDir = build('rel-a', { 'chunks/a1.js': 'A' });
    installRelease(distDir, dataDir, { now: 0 });
    writeFileSync(path.join(dataDir, 'releases', 'rel-a', 'server.js'), '// running');
    installRelease(distDir, dataDir, { now: 1 });
    expect(readFileSync(path.join(dataDir, 'releases', 'rel-a', 'server.js'), 'utf8')).toBe('// running');
    expect(() => installRelease(build('../escape', {}), dataDir)).toThrow(/names no folder/);
  });
});
