/**
 * The images the demo overlay names, in podman's own store, built here from this commit as the
 * image scripts build them for Docker (Dockerfile, deploy/image/*): the bases from Debian's packages
 * and the npm registry (scripts/image-bases.sh, run with `docker` standing for `podman`), the app
 * from the build in `.next` (`npm run build` first), the parts from Debian's packages, the demo
 * upstream from the sandbox bundled by esbuild. An image already there (same release, same sources)
 * is kept; a first build takes about two minutes, most of it debootstrap and apt-get.
 * Also a pause image for the pods' infra containers, so podman needs no catatonit.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');

export interface Images {
  app: string;
  parts: string;
  upstream: string;
  pause: string;
}

function run(command: string, args: string[], { env, input, cwd = root }: { env?: NodeJS.ProcessEnv; input?: string; cwd?: string } = {}): string {
  const result = spawnSync(command, args, { cwd, env: { ...process.env, ...env }, input, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal}): ${(result.stderr ?? '').slice(-3000)}${(result.stdout ?? '').slice(-1000)}`);
  return result.stdout.trim();
}

const hashOf = (files: string[]) => {
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update(readFileSync(path.join(root, file)));
  return hash.digest('hex').slice(0, 12);
};

/** Builds what is missing; answers each image's name. `env` carries CONTAINERS_CONF. */
export function podmanImages(env: NodeJS.ProcessEnv, log: (line: string) => void = () => {}): Images {
  const podman = (args: string[], input?: string) => run('podman', args, { env, input });
  const have = (image: string) => spawnSync('podman', ['image', 'exists', image], { env: { ...process.env, ...env } }).status === 0;

  // The bases: scripts/image-bases.sh, its `docker` commands given to podman.
  const shim = mkdtempSync(path.join(os.tmpdir(), 'podman-as-docker-'));
  try {
    writeFileSync(path.join(shim, 'docker'), '#!/bin/sh\nexec podman "$@"\n');
    chmodSync(path.join(shim, 'docker'), 0o755);
    log('images: the bases (scripts/image-bases.sh with podman)');
    run('bash', ['scripts/image-bases.sh'], { env: { ...env, PATH: `${shim}:${process.env.PATH}` } });
  } finally {
    rmSync(shim, { recursive: true, force: true });
  }
  const bases = ['--build-arg', 'DEBIAN_IMAGE=ob-base/debian:bookworm', '--build-arg', 'NODE_IMAGE=ob-base/node:24'];

  const pause = 'localhost/online-basvuru-pause:1';
  if (!have(pause)) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pause-'));
    try {
      writeFileSync(path.join(dir, 'pause'), '#!/bin/bash\ntrap "exit 0" TERM INT\nsleep infinity & wait\n', { mode: 0o755 });
      writeFileSync(path.join(dir, 'Containerfile'), 'FROM ob-base/debian:bookworm\nENV PATH=/usr/local/bin:/usr/bin:/bin\nCOPY pause /pause\nENTRYPOINT ["/pause"]\n');
      podman(['build', '-q', '-t', pause, dir]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  if (!existsSync(path.join(root, '.next', 'standalone', 'server.js'))) throw new Error('no build: run `npm run build` first');
  const release = readFileSync(path.join(root, '.next', 'BUILD_ID'), 'utf8').trim();
  const app = `localhost/online-basvuru:${release}`;
  if (!have(app)) {
    log(`images: ${app}`);
    podman(['build', '-q', ...bases, '--build-arg', `RELEASE=${release}`, '--build-arg', `REVISION=${release.split('-')[0]}`, '-t', app, '-f', 'Dockerfile', '.']);
  }

  const parts = `localhost/online-basvuru-parts:${hashOf(['deploy/image/parts.Dockerfile', 'deploy/image/edge.sh'])}`;
  if (!have(parts)) {
    log(`images: ${parts} (Debian's packages)`);
    podman(['build', '-q', '--network=host', ...bases, '-t', parts, '-f', 'deploy/image/parts.Dockerfile', 'deploy/image']);
  }

  const sandboxSources = readdirSync(path.join(root, 'sandbox')).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts')).map((name) => `sandbox/${name}`);
  const upstream = `localhost/online-basvuru-demo-upstream:${hashOf([...sandboxSources, 'CHANGELOG.md', 'deploy/image/demo-upstream.mjs', 'deploy/image/demo-upstream.Dockerfile'])}`;
  if (!have(upstream)) {
    log(`images: ${upstream}`);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'demo-upstream-'));
    try {
      run(path.join(root, 'node_modules', '.bin', 'esbuild'), ['sandbox/main.ts', '--bundle', '--platform=node', '--target=node20', '--format=cjs', '--external:better-sqlite3', `--outfile=${dir}/sandbox.cjs`, '--log-level=warning']);
      // better-sqlite3's native module as npm ci built it for this Node (24), the image's.
      for (const name of ['better-sqlite3/package.json', 'better-sqlite3/lib', 'better-sqlite3/build/Release/better_sqlite3.node', 'bindings', 'file-uri-to-path']) {
        mkdirSync(path.dirname(path.join(dir, 'node_modules', name)), { recursive: true });
        cpSync(path.join(root, 'node_modules', name), path.join(dir, 'node_modules', name), { recursive: true });
      }
      cpSync(path.join(root, 'deploy', 'image', 'demo-upstream.mjs'), path.join(dir, 'demo-upstream.mjs'));
      // The version it reports is read from CHANGELOG.md at start (lib/app-version.ts).
      cpSync(path.join(root, 'CHANGELOG.md'), path.join(dir, 'CHANGELOG.md'));
      podman(['build', '-q', ...bases, '-t', upstream, '-f', path.join(root, 'deploy', 'image', 'demo-upstream.Dockerfile'), dir]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return { app, parts, upstream, pause };
}
