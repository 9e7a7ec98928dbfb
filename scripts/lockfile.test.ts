import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

interface LockEntry {
  version?: string;
  integrity?: string;
  link?: boolean;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
}

const lock = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};
const entries = Object.entries(lock.packages).filter(([location, entry]) => location !== '' && !entry.link);

/** An entry scripts/complete-lockfile.mjs added: another platform's optional binary, which `npm ci` skips here. */
const foreignBinary = (entry: LockEntry) =>
  entry.optional === true && (!(entry.os ?? ['linux']).includes('linux') || !(entry.cpu ?? ['x64']).includes('x64'));

describe('package-lock.json', () => {
  it('pins every package with its integrity, but the other platforms\' binaries the registry here lacks', () => {
    const missing = entries.filter(([, entry]) => !entry.integrity && !foreignBinary(entry)).map(([location]) => location);
    expect(missing).toEqual([]);
  });
});
