import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { Builder, Key as Keys, type WebDriver, type WebElement } from 'selenium-webdriver';
import { debianWebKitDriver, debianXvfb } from '@/scripts/browser';
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
  const xvfb = spawn(debianXvfb, ['-displayfd', '3', '-screen', '0', '1920x1080x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  const display = await new Promise<string>((resolve, reject) => {
    let stderr = '';
    xvfb.stderr!.on('data', (chunk) => (stderr += chunk));
    xvfb.stdio[3]!.once('data', (chunk) => resolve(String(chunk).trim()));
    xvfb.once('exit', (code) => reject(new Error(`Xvfb stopped (${code}): ${stderr.trim()}`)));
  });
  const port = await freePort();
  const driver = spawn(debianWebKitDriver, [`--port=${port}`], {
    stdio: ['ignore', 'ignore', 'pipe'],
    // NO_AT_BRIDGE: no accessibility bus to wait for; there is no desktop session here.
    env: { ...process.env, DISPLAY: `:${display}`, NO_AT_BRIDGE: '1' },
  });
  const server = `http://127.0.0.1:${port}`;
  const stop = () => {
    stopProcess(driver);
    stopProcess(xvfb);
  };
  try {
    await waitForDriver(server, driver);
  } catch (error) {
    stop();
    throw error;
  }

  let version = 'WebKitGTK';
  return {
    name: 'webkit',
    get version() {
      return version;
    },
    async newPage({ width, height }) {
      const session = await new Builder()
        .usingServer(server)
        .withCapabilities({ browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { args: ['--automation', '--full-screen'] } })
        .build();
      try {
        version = `WebKitGTK ${(await session.getCapabilities()).get('browserVersion')}`;
        await session.manage().window().setRect({ x: 0, y: 0, width, height });
        const inner = await session.executeScript<number>('return innerWidth');
        if (inner !== width) throw new Error(`MiniBrowser's viewport is ${inner} px wide, not ${width}`);
      } catch (error) {
        await session.quit();
        throw error;
      }
      return new WebKitPage(session);
    },
    async close() {
      stop();
    },
  };
}

const keys: Record<Key, string> = { Escape: Keys.ESCAPE, Tab: Keys.TAB, Enter: Keys.ENTER, ArrowRight: Keys.ARROW_RIGHT, End: Keys.END };

class WebKitPage implements EngineDriver<WebElement> {
  /** Errors of the documents this page left; the current one's are read from the page. */
  private readonly earlierErrors: string[] = [];

  constructor(private readonly session: WebDriver) {}

  async goto(url: string) {
    this.earlierErrors.push(...(await this.documentErrors()));
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

  press(key: Key) {
    return this.session.actions({ async: true }).sendKeys(keys[key]).perform();
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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForDriver(server: string, driver: ChildProcess) {
  let stderr = '';
  driver.stderr!.on('data', (chunk) => (stderr += chunk));
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver stopped (${driver.exitCode}): ${stderr.trim()}`);
    try {
      if ((await fetch(`${server}/status`)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`WebKitWebDriver did not answer at ${server}: ${stderr.trim()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function stopProcess(child: ChildProcess) {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
}
