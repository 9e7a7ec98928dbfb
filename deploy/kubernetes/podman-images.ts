/**
 * The images the demo overlay names, in podman's own store: built by the same code that builds them
 * for the Swarm stack (scripts/stack.mjs `buildImages`, with IMAGE_BASES=local: the bases from
 * Debian's packages and the npm registry), its `docker` commands given to podman. An image already
 * there is reused; a first build takes about 2.5 minutes, most of it debootstrap and apt-get.
 * Also a pause image for the pods' infra containers, so podman needs no catatonit.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Images {
  app: string;
  parts: string;
  upstream: string;
  pause: string;
}

/** Builds what is missing; answers each image's name in podman's store. `env` carries CONTAINERS_CONF. */
export async function podmanImages(env: NodeJS.ProcessEnv, log: (line: string) => void = () => {}): Promise<Images> {
  const shim = mkdtempSync(path.join(os.tmpdir(), 'podman-as-docker-'));
  const saved = { PATH: process.env.PATH, CONTAINERS_CONF: process.env.CONTAINERS_CONF, IMAGE_BASES: process.env.IMAGE_BASES };
  try {
    writeFileSync(path.join(shim, 'docker'), '#!/bin/sh\nexec podman "$@"\n');
    chmodSync(path.join(shim, 'docker'), 0o755);
    // scripts/stack.mjs runs `docker` with this process's environment.
    Object.assign(process.env, { PATH: `${shim}:${saved.PATH}`, CONTAINERS_CONF: env.CONTAINERS_CONF, IMAGE_BASES: 'local' });
    const { buildImages } = await import('../../scripts/stack.mjs');
    const built = buildImages({ log });

    const pause = 'localhost/online-basvuru-pause:1';
    if (spawnSync('podman', ['image', 'exists', pause], { env }).status !== 0) {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'pause-'));
      try {
        writeFileSync(path.join(dir, 'pause'), '#!/bin/bash\ntrap "exit 0" TERM INT\nsleep infinity & wait\n', { mode: 0o755 });
        writeFileSync(path.join(dir, 'Containerfile'), 'FROM ob-base/debian:bookworm\nENV PATH=/usr/local/bin:/usr/bin:/bin\nCOPY pause /pause\nENTRYPOINT ["/pause"]\n');
        const result = spawnSync('podman', ['build', '-q', '-t', pause, dir], { env, encoding: 'utf8' });
        if (result.status !== 0) throw new Error(`podman build ${pause}: ${result.stderr}`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
    // Podman keeps an unqualified name under localhost/, where kube play finds it without a pull.
    const local = (image: string) => `localhost/${image}`;
    return { app: local(built.app), parts: local(built.parts), upstream: local(built.upstream), pause };
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    rmSync(shim, { recursive: true, force: true });
  }
}
