import { describe, expect, it } from 'vitest';
import { debianChromium, debianHeadlessShell, findChromium } from './browser';

const own = '/root/.cache/ms-playwright/chromium-1/chrome-linux/chrome';
const existing = (...files: string[]) => (file: string) => files.includes(file);

describe('findChromium', () => {
  it('takes the browser CHROME_PATH names first, even over an installed one', () => {
    expect(findChromium({ CHROME_PATH: '/opt/chrome' }, existing(debianChromium, own), () => own)).toEqual({
      executablePath: '/opt/chrome',
      source: 'CHROME_PATH',
    });
  });

  it("takes Debian's headless shell before its full chromium", () => {
    expect(findChromium({}, existing(debianChromium, debianHeadlessShell, own), () => own)).toEqual({
      executablePath: debianHeadlessShell,
      source: 'Debian',
    });
  });

  it("takes Debian's chromium before Playwright's own", () => {
    expect(findChromium({}, existing(debianChromium, own), () => own)).toEqual({ executablePath: debianChromium, source: 'Debian' });
  });

  it("takes Playwright's own when only it is installed", () => {
    expect(findChromium({}, existing(own), () => own)).toEqual({ executablePath: own, source: 'Playwright' });
  });

  it('finds none on a machine with no browser, so one gets installed', () => {
    expect(findChromium({}, existing(), () => own)).toBeUndefined();
    expect(findChromium({ CHROME_PATH: '' }, existing(), () => own)).toBeUndefined();
  });
});
