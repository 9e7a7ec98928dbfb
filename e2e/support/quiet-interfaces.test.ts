import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { quietNewInterfaces } from './quiet-interfaces';

const dir = mkdtempSync(path.join(os.tmpdir(), 'quiet-interfaces-'));
const file = path.join(dir, 'disable_ipv6');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('quietNewInterfaces', () => {
  it('turns IPv6 off for new interfaces for the run, and puts it back', () => {
    writeFileSync(file, '0\n');
    const putBack = quietNewInterfaces(file);
    expect(readFileSync(file, 'utf8')).toBe('1');
    putBack!();
    expect(readFileSync(file, 'utf8')).toBe('0');
  });

  it('leaves alone a machine where it is off already, or that has no IPv6', () => {
    writeFileSync(file, '1\n');
    expect(quietNewInterfaces(file)).toBeUndefined();
    expect(readFileSync(file, 'utf8')).toBe('1\n');
    expect(quietNewInterfaces(path.join(dir, 'absent'))).toBeUndefined();
  });
});
