import { describe, expect, it } from 'vitest';
import { debianChromium, debianHeadlessShell, type FoundBrowser } from './browser';
import { type DebianPart, ensureTools, type ToolsMachine } from './test-tools';

const wrk: DebianPart = ['wrk', '/usr/bin/wrk'];
const nginx: DebianPart = ['nginx', '/usr/sbin/nginx'];

/** A machine with `files`, where apt-get installs the packages `packages` maps to their files (or fails for the others). */
function machine({ files = [] as string[], canApt = true, packages = {} as Record<string, string>, env = {} as Record<string, string> } = {}) {
  const present = new Set(files);
  const commands: string[] = [];
  const lines: string[] = [];
  const fake: ToolsMachine = {
    canApt,
    env,
    exists: (file) => present.has(file),
    run: (command, args) => {
      commands.push([command.split('/').at(-1), ...args].join(' '));
      if (command !== 'apt-get' || args[0] !== 'install') return command === 'apt-get';
      const names = args.filter((arg) => !arg.startsWith('-') && arg !== 'install');
      if (names.some((name) => !(name in packages))) return false;
      for (const name of names) present.add(packages[name]!);
      return true;
    },
    findChromium: (): FoundBrowser | undefined =>
      env.CHROME_PATH
        ? { executablePath: env.CHROME_PATH, source: 'CHROME_PATH' }
        : present.has(debianHeadlessShell)
          ? { executablePath: debianHeadlessShell, source: 'Debian' }
          : present.has(debianChromium)
            ? { executablePath: debianChromium, source: 'Debian' }
            : undefined,
    log: (line) => lines.push(line),
  };
  return { fake, commands, lines };
}

describe('ensureTools', () => {
  it('installs the headless shell with the missing parts in one apt-get, and finds it', () => {
    const { fake, commands } = machine({ files: [nginx[1]], packages: { 'chromium-headless-shell': debianHeadlessShell, wrk: wrk[1] } });
    expect(ensureTools([wrk, nginx], 'bench', fake)).toEqual({ chromium: { executablePath: debianHeadlessShell, source: 'Debian' }, missing: [] });
    expect(commands).toEqual(['apt-get update -qq', 'apt-get install -y -qq chromium-headless-shell wrk']);
  });

  it('takes the headless shell a test run installed and installs nothing when nothing is missing', () => {
    const { fake, commands } = machine({ files: [debianHeadlessShell, wrk[1]] });
    expect(ensureTools([wrk], 'bench', fake).chromium?.executablePath).toBe(debianHeadlessShell);
    expect(commands).toEqual([]);
  });

  it("falls back to Debian's chromium where the distribution has no headless shell", () => {
    const { fake, commands } = machine({ packages: { chromium: debianChromium, wrk: wrk[1] } });
    expect(ensureTools([wrk], 'bench', fake)).toEqual({ chromium: { executablePath: debianChromium, source: 'Debian' }, missing: [] });
    expect(commands.filter((command) => command.includes('install'))).toEqual(['apt-get install -y -qq chromium-headless-shell wrk', 'apt-get install -y -qq chromium wrk']);
  });

  it("tries Playwright's download where apt-get cannot serve, and says what is still missing", () => {
    const { fake, commands, lines } = machine({ canApt: false });
    expect(ensureTools([wrk], 'bench', fake)).toEqual({ chromium: undefined, missing: ['wrk'] });
    expect(commands).toEqual(['playwright install chromium']);
    expect(lines).toEqual(["bench: no Chromium found; trying Playwright's download"]);
  });

  it('takes the browser CHROME_PATH names and installs no other', () => {
    const { fake, commands } = machine({ env: { CHROME_PATH: '/opt/chrome' }, files: [wrk[1]] });
    expect(ensureTools([wrk], 'bench', fake).chromium).toEqual({ executablePath: '/opt/chrome', source: 'CHROME_PATH' });
    expect(commands).toEqual([]);
  });
});
