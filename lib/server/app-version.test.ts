import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_VERSION, releasedVersion } from '@/lib/server/app-version';

describe('the version in the footer', () => {
  it('is the newest released version of a changelog, never Unreleased', () => {
    const changelog = ['# Changelog', '', '## [Unreleased]', '', '## [1.2.0] - 2026-12-01', '', '## [1.1.0] - 2026-11-30'].join('\n');
    expect(releasedVersion(changelog)).toBe('V1.2.0');
  });

  it('refuses a changelog with no released version', () => {
    expect(() => releasedVersion('# Changelog\n\n## [Unreleased]\n')).toThrow(/no released version/);
  });

  it('is CHANGELOG.md’s', () => {
    const changelog = readFileSync(path.resolve(__dirname, '../..', 'CHANGELOG.md'), 'utf8');
    const first = /^## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}$/m.exec(changelog);
    expect(first, 'CHANGELOG.md: a released version heading').not.toBeNull();
    expect(APP_VERSION).toBe(`V${first![1]}`);
  });
});
