// What the browser tests (scripts/ensure-test-tools.ts) and the bench (scripts/bench/tools.mjs) need
// on the machine, made sure of in one place: a Chromium, found by findChromium() (scripts/browser.ts)
// and, where it runs as root with apt-get and CHROME_PATH is unset, Debian's chromium-headless-shell
// installed first if missing (the browser findChromium() prefers: half the CPU of the full
// chromium), else Debian's chromium, else Playwright's own download when no browser is found; and
// Debian's packages each caller lists, with one apt-get update and one apt-get install for
// everything missing (each apt-get update costs seconds on a fresh machine).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { debianHeadlessShell, type FoundBrowser, findChromium } from './browser';

const root = path.resolve(import.meta.dirname, '..');

/** A Debian package and the file that shows it is there. */
export type DebianPart = [name: string, file: string];

export interface ToolsMachine {
  /** Root, with apt-get: packages can be installed. */
  canApt: boolean;
  exists: (file: string) => boolean;
  /** Runs a command with its errors shown; true when it succeeded. */
  run: (command: string, args: string[], env?: NodeJS.ProcessEnv) => boolean;
  findChromium: () => FoundBrowser | undefined;
  env: Record<string, string | undefined>;
  log: (line: string) => void;
}

/** Runs a command with its errors shown; true when it succeeded within five minutes. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): boolean {
  return spawnSync(command, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'], timeout: 300_000 }).status === 0;
}

export const thisMachine = (): ToolsMachine => ({
  canApt: process.getuid?.() === 0 && existsSync('/usr/bin/apt-get'),
  exists: existsSync,
  run,
  findChromium: () => findChromium(),
  env: process.env,
  log: (line) => console.log(line),
});

export interface EnsuredTools {
  /** The Chromium to run, or undefined when none could be found or installed. */
  chromium: FoundBrowser | undefined;
  /** The packages of `parts` still missing. */
  missing: string[];
}

/**
 * Makes sure of a Chromium and of Debian's `parts`, installing what is missing where it can
 * (`who` prefixes what it says: "browser tests", "bench"). Never exits: the caller says what is
 * still missing and stops.
 */
export function ensureTools(parts: DebianPart[], who: string, machine: ToolsMachine = thisMachine()): EnsuredTools {
  const missingParts = () => parts.filter(([, file]) => !machine.exists(file)).map(([name]) => name);
  const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const aptInstall = (names: string[]) => {
    if (!names.length) return true;
    if (!machine.canApt) return false;
    machine.log(`${who}: installing Debian's ${names.join(', ')} with apt-get`);
    return machine.run('apt-get', ['update', '-qq'], aptEnv) && machine.run('apt-get', ['install', '-y', '-qq', ...names], aptEnv);
  };
  // Where apt-get serves, Debian's headless shell comes with the rest, in one go; elsewhere
  // Playwright's download (offline, it fails after about 20 s). A distribution without that
  // package still gets the rest, and its chromium where there is no browser at all.
  const wantsShell = machine.canApt && !machine.env.CHROME_PATH && !machine.exists(debianHeadlessShell);
  if (!aptInstall([...(wantsShell ? ['chromium-headless-shell'] : []), ...missingParts()]) && wantsShell) {
    aptInstall([...(machine.findChromium() ? [] : ['chromium']), ...missingParts()]);
  }
  let chromium = machine.findChromium();
  if (!chromium) {
    machine.log(`${who}: no Chromium found; trying Playwright's download`);
    if (machine.run(path.join(root, 'node_modules', '.bin', 'playwright'), ['install', 'chromium'])) chromium = machine.findChromium();
  }
  return { chromium, missing: missingParts() };
}
