import puppeteer, { type BrowserContext, type ElementHandle, type KeyInput, type Page } from 'puppeteer-core';
import { debianFirefox } from '../../scripts/browser';
import type { Engine, EngineDriver, Key } from './driver';

/**
 * Debian's Firefox ESR, driven over WebDriver BiDi by puppeteer-core, which starts the browser
 * itself: no geckodriver, nothing downloaded. One browser per worker; each test gets a browser
 * context of its own (its own cookies and storage) and one page in it.
 */
export async function launchFirefox(): Promise<Engine> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: debianFirefox,
    headless: true,
    extraPrefsFirefox: {
      // No traffic of its own to the outside (there is no network here but the loopback).
      'app.update.enabled': false,
      'browser.safebrowsing.malware.enabled': false,
      'browser.safebrowsing.phishing.enabled': false,
      'network.captive-portal-service.enabled': false,
    },
  });
  const version = await browser.version();
  return {
    name: 'firefox',
    version,
    async newPage(viewport) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport(viewport);
      return new FirefoxPage(context, page);
    },
    close: () => browser.close(),
  };
}

class FirefoxPage implements EngineDriver<ElementHandle> {
  /** Every uncaught error of every document of this page (BiDi's log events see them all). */
  private readonly errors: string[] = [];

  constructor(
    private readonly context: BrowserContext,
    private readonly page: Page,
  ) {
    page.on('pageerror', (error) => this.errors.push(error instanceof Error ? error.message : String(error)));
  }

  async goto(url: string) {
    await this.page.goto(url, { waitUntil: 'load' });
  }

  async url() {
    return this.page.url();
  }

  evaluate<T>(expression: string) {
    return this.page.evaluate(expression) as Promise<T>;
  }

  async element(expression: string) {
    const handle = await this.page.evaluateHandle(expression);
    const element = handle.asElement() as ElementHandle | null;
    if (!element) await handle.dispose();
    return element;
  }

  click(element: ElementHandle) {
    return element.click();
  }

  type(element: ElementHandle, text: string) {
    return element.type(text);
  }

  /** The modifiers down, the key pressed, the modifiers up. */
  async press(key: Key) {
    const [main, ...modifiers] = key.split('+').reverse() as KeyInput[];
    for (const modifier of modifiers) await this.page.keyboard.down(modifier);
    await this.page.keyboard.press(main!.length === 1 ? (main!.toLowerCase() as KeyInput) : main!);
    for (const modifier of modifiers.reverse()) await this.page.keyboard.up(modifier);
  }

  upload(element: ElementHandle, file: string) {
    return (element as ElementHandle<HTMLInputElement>).uploadFile(file);
  }

  async select(element: ElementHandle, value: string) {
    await (element as ElementHandle<HTMLSelectElement>).select(value);
  }

  async scriptErrors() {
    return [...this.errors];
  }

  async screenshot() {
    return Buffer.from(await this.page.screenshot());
  }

  close() {
    return this.context.close();
  }
}
