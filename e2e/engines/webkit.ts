import { type ChildProcess, spawn } from 'node:child_process';
import { Builder, Key as Keys, type WebDriver, type WebElement } from 'selenium-webdriver';
import { debianWebKitDriver, debianXvfb } from '../support/browser';
import { freePort, waitForHttp } from '../../scripts/ports.cjs';
import type { Engine, EngineDriver, Key } from './driver';

/**
 * WebKitGTK, the engine of Debian's webkit2gtk-driver: its WebKitWebDriver (classic WebDriver; it
 * has no BiDi) starts a MiniBrowser for each session, driven by selenium-webdriver. MiniBrowser has
 * no headless mode, so each worker starts an X server of its own (Xvfb, on a free display) and the
 * driver in it. Each test gets a session of its own: a new MiniBrowser, with no cookie or storage of
 * another test.
 *
 * MiniBrowser's toolbar will not let its window be narrower than about 450 px. Started full-screen
 * it has no toolbar, and the window is the viewport: 390 px wide is then 390 CSS px (checked below).
 * Without a window manager, full-screen is only MiniBrowser's own state: the page sees a window
 * like any other (no fullscreen element, `(display-mode: fullscreen)` does not match).
 */
export async function launchWebKit(): Promise<Engine> {
  // -noreset: by default an X server resets when its last client leaves, and a MiniBrowser that
  // connected during the reset (the next test's) could not open the display and its session hung.
  const xvfb = spawn(debianXvfb, ['-displayfd', '3', '-screen', '0', `${SCREEN.width}x${SCREEN.height}x24`, '-nolisten', 'tcp', '-noreset'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  const display = await new Promise<string>((resolve, reject) => {
    let stderr = '';
    xvfb.stderr!.on('data', (chunk) => (stderr += chunk));
    xvfb.stdio[3]!.once('data', (chunk) => resolve(String(chunk).trim()));
    xvfb.once('exit', (code) => reject(new Error(`Xvfb stopped (${code}): ${stderr.trim()}`)));
  });
  const driver = await startDriver(display).catch((error: unknown) => {
    stopProcess(xvfb);
    throw error;
  });

  let version = 'WebKitGTK';
  const open = async ({ width, height }: { width: number; height: number }) => {
    const session = await new Builder()
      .usingServer(driver.server)
      .withCapabilities({ browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { args: ['--automation', '--full-screen'] } })
      .build();
    try {
      version = `WebKitGTK ${(await session.getCapabilities()).get('browserVersion')}`;
      // Over the screen's centre, where X's pointer rests: with no window manager the keyboard focus
      // follows the pointer, and a window without it is an inactive one to WebKit (no `:focus`
      // style matches, `document.hasFocus()` is false), as a 390 px window in the corner was.
      await session.manage().window().setRect({ x: (SCREEN.width - width) / 2, y: (SCREEN.height - height) / 2, width, height });
      for (const deadline = Date.now() + 2_000; !(await session.executeScript<boolean>('return document.hasFocus()')); await new Promise((resolve) => setTimeout(resolve, 50))) {
        if (Date.now() > deadline) throw new Error(`MiniBrowser's window at ${width} px has no keyboard focus`);
      }
      const inner = await session.executeScript<number>('return innerWidth');
      if (inner !== width) throw new Error(`MiniBrowser's viewport is ${inner} px wide, not ${width}`);
    } catch (error) {
      await session.quit();
      throw error;
    }
    return new WebKitPage(session);
  };
  return {
    name: 'webkit',
    get version() {
      return version;
    },
    newPage(viewport) {
      return within(SESSION_MS, open(viewport), () => `no MiniBrowser session within ${SESSION_MS / 1000} s: ${driver.log()}`);
    },
    async close() {
      driver.stop();
      stopProcess(xvfb);
    },
  };
}

/** Xvfb's screen: wide enough for the 1280 px window, centred on it. */
const SCREEN = { width: 1920, height: 1080 };

/** A session opens in 0.3-2.5 s here; one that has not in 20 s says why (the driver's stderr) instead of waiting for the test's end. */
const SESSION_MS = 20_000;

/** `promise`, or an error with `message()` once `ms` have passed. */
async function within<T>(ms: number, promise: Promise<T>, message: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message())), ms)));
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

interface WebKitDriver {
  server: string;
  /** The end of what the driver (and the browsers it started) wrote to stderr. */
  log(): string;
  stop(): void;
}

/** WebKitWebDriver on a free port, in a process group of its own: stopping it stops the MiniBrowsers it started. */
async function startDriver(display: string): Promise<WebKitDriver> {
  const port = await freePort();
  const child = spawn(debianWebKitDriver, [`--port=${port}`], {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
    // NO_AT_BRIDGE: no accessibility bus to wait for; there is no desktop session here.
    env: { ...process.env, DISPLAY: `:${display}`, NO_AT_BRIDGE: '1' },
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr = (stderr + chunk).slice(-2000)));
  const driver: WebKitDriver = {
    server: `http://127.0.0.1:${port}`,
    log: () => stderr.trim() || '(nothing on stderr)',
    stop: () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // Gone already.
      }
    },
  };
  // Not left behind by a worker that ends without its teardown.
  process.once('exit', driver.stop);
  try {
    await waitForHttp(`${driver.server}/status`, { what: `WebKitWebDriver at ${driver.server}`, child, timeoutMs: 20_000, intervalMs: 100, detail: driver.log });
  } catch (error) {
    driver.stop();
    throw error;
  }
  return driver;
}

const keys: Record<string, string> = { Escape: Keys.ESCAPE, Tab: Keys.TAB, Enter: Keys.ENTER, ArrowRight: Keys.ARROW_RIGHT, End: Keys.END, Shift: Keys.SHIFT, Control: Keys.CONTROL };

class WebKitPage implements EngineDriver<WebElement> {
  /** Errors of the documents this page left; the current one's are read from the page. */
  private readonly earlierErrors: string[] = [];

  constructor(private readonly session: WebDriver) {}

  async goto(url: string) {
    this.earlierErrors.push(...(await this.documentErrors().catch(() => [])));
    await this.session.get(url);
  }

  url() {
    return this.session.getCurrentUrl();
  }

  evaluate<T>(expression: string) {
    return this.session.executeScript<T>(`return ${expression}`);
  }

  element(expression: string) {
    return this.session.executeScript<WebElement | null>(`return ${expression}`);
  }

  click(element: WebElement) {
    return element.click();
  }

  type(element: WebElement, text: string) {
    return element.sendKeys(text);
  }

  /** The modifiers down, the key pressed, the modifiers up: one WebDriver key action. */
  press(key: Key) {
    const [main, ...modifiers] = key.split('+').reverse().map((name) => keys[name] ?? name.toLowerCase());
    let actions = this.session.actions({ async: true });
    for (const modifier of modifiers) actions = actions.keyDown(modifier);
    actions = actions.sendKeys(main!);
    for (const modifier of modifiers.reverse()) actions = actions.keyUp(modifier);
    return actions.perform();
  }

  /** WebDriver takes a file input's path as its keys (the driver runs on this machine). */
  upload(element: WebElement, file: string) {
    return element.sendKeys(file);
  }

  async select(element: WebElement, value: string) {
    const option = await this.session.executeScript<WebElement | null>(
      'return [...arguments[0].options].find((option) => option.value === arguments[1]) ?? null',
      element,
      value,
    );
    if (!option) throw new Error(`no option with the value '${value}'`);
    // WebDriver selects an <option> it is told to click, without opening the native menu.
    await option.click();
  }

  /**
   * WebKitWebDriver reports no script errors: the page's own recorder (page.ts puts it in with
   * Testing Library) sees those after the first lookup in each document, not those before it.
   */
  async scriptErrors() {
    return [...this.earlierErrors, ...(await this.documentErrors())];
  }

  private async documentErrors(): Promise<string[]> {
    return (await this.session.executeScript<string[] | undefined>('return window.engineErrors')) ?? [];
  }

  async screenshot() {
    return Buffer.from(await this.session.takeScreenshot(), 'base64');
  }

  close() {
    return this.session.quit();
  }
}

function stopProcess(child: ChildProcess) {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
}
