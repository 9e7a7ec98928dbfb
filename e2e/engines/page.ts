import { readFileSync } from 'node:fs';
import type { EngineDriver, Key } from './driver';
import { type ElementState, type Found, inPage, type Mode, type Step, type TextMatch } from './in-page';

/**
 * The driver-neutral layer the cross-engine journeys are written against, once for every engine:
 * a page and its locators named as the Playwright suite names them (getByRole, getByLabel,
 * getByText, with Playwright's matching rules), actions that wait until their element can take
 * them, and assertions that wait until they hold. Finding runs in the page (in-page.ts); only the
 * native inputs go through the engine's adapter.
 */

/** How long an action waits for its element, and an assertion for its state (playwright.config.ts's expect timeout). */
const WAIT_MS = 10_000;
const POLL_MS = 50;

/**
 * Testing Library's browser build, sent into a document before its first lookup, with a recorder
 * of the document's uncaught errors for the engines that have no event for them (WebKit's adapter).
 */
const injection = (() => {
  const file = require.resolve('@testing-library/dom/dist/@testing-library/dom.umd.min.js');
  const library = readFileSync(file, 'utf8');
  return `(() => {
    ${library}
    if (!window.engineErrors) {
      window.engineErrors = [];
      addEventListener('error', (event) => window.engineErrors.push(String(event.message)));
      addEventListener('unhandledrejection', (event) => window.engineErrors.push('unhandled rejection: ' + String(event.reason)));
    }
    return true;
  })()`;
})();

/**
 * in-page.ts's function as an expression to send. Run through esbuild (tsx) rather than Playwright's
 * own transform, its inner functions call a `__name` helper that the page lacks: it is given here.
 */
const inPageSource = `((__name) => ${inPage.toString()})((target) => target)`;
const lookup = (steps: Step[], mode: Mode, attributes: string[] = []) => `(${inPageSource})(${JSON.stringify(steps)}, '${mode}', ${JSON.stringify(attributes)})`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const toMatch = (text: string | RegExp): TextMatch => (typeof text === 'string' ? text : { source: text.source, flags: text.flags });
const show = (text: TextMatch) => (typeof text === 'string' ? `'${text}'` : `/${text.source}/${text.flags}`);

interface RoleOptions {
  name?: string | RegExp;
  exact?: boolean;
  level?: number;
}

export class EnginePage {
  readonly keyboard = { press: (key: Key) => this.driver.press(key) };

  constructor(
    readonly driver: EngineDriver,
    private readonly baseURL: string,
  ) {}

  goto(path: string) {
    return this.driver.goto(new URL(path, this.baseURL).href);
  }

  url() {
    return this.driver.url();
  }

  /** An expression's value in the page, as JSON. */
  evaluate<T>(expression: string) {
    return this.driver.evaluate<T>(expression);
  }

  /**
   * A self-contained function (no argument) run in the page, as Playwright's `page.evaluate(fn)`
   * runs it: its source is sent, with the `__name` helper esbuild's output may call (see inPageSource).
   */
  run<T>(fn: () => T | Promise<T>) {
    return this.driver.evaluate<T>(`((__name) => (${fn.toString()})())((target) => target)`);
  }

  getByRole(role: string, options: RoleOptions = {}) {
    return new Locator(this, []).getByRole(role, options);
  }

  getByLabel(text: string | RegExp, options: { exact?: boolean } = {}) {
    return new Locator(this, []).getByLabel(text, options);
  }

  getByText(text: string | RegExp, options: { exact?: boolean } = {}) {
    return new Locator(this, []).getByText(text, options);
  }

  locator(selector: string) {
    return new Locator(this, []).locator(selector);
  }

  /** Runs the in-page lookup, first sending Testing Library into a document that lacks it. */
  async find(steps: Step[], mode: Exclude<Mode, 'element'>, attributes: string[] = []): Promise<Found> {
    const expression = lookup(steps, mode, attributes);
    for (let attempt = 0; ; attempt++) {
      const found = await this.driver.evaluate<Found>(expression);
      if (!found.inject) return found;
      // A navigation between the two calls takes one more round.
      if (attempt === 2) throw new Error('Testing Library could not be put into the page');
      await this.driver.evaluate(injection);
    }
  }

  element(steps: Step[]) {
    return this.driver.element(lookup(steps, 'element'));
  }
}

export class Locator {
  constructor(
    readonly page: EnginePage,
    readonly steps: Step[],
    private readonly description = 'page',
  ) {}

  toString() {
    return this.description;
  }

  private child(step: Step, text: string) {
    return new Locator(this.page, [...this.steps, step], this.steps.length ? `${this.description}.${text}` : text);
  }

  getByRole(role: string, { name, exact, level }: RoleOptions = {}) {
    const shown = [name !== undefined && `name: ${show(toMatch(name))}`, exact && 'exact', level && `level: ${level}`].filter(Boolean).join(', ');
    return this.child(
      { kind: 'role', role, name: name === undefined ? undefined : toMatch(name), exact, level },
      `getByRole('${role}'${shown ? `, { ${shown} }` : ''})`,
    );
  }

  getByLabel(text: string | RegExp, { exact }: { exact?: boolean } = {}) {
    return this.child({ kind: 'label', text: toMatch(text), exact }, `getByLabel(${show(toMatch(text))}${exact ? ', exact' : ''})`);
  }

  getByText(text: string | RegExp, { exact }: { exact?: boolean } = {}) {
    return this.child({ kind: 'text', text: toMatch(text), exact }, `getByText(${show(toMatch(text))}${exact ? ', exact' : ''})`);
  }

  locator(selector: string) {
    return this.child({ kind: 'css', selector }, `locator('${selector}')`);
  }

  filter({ hasText }: { hasText: string | RegExp }) {
    return this.child({ kind: 'hasText', text: toMatch(hasText) }, `filter(${show(toMatch(hasText))})`);
  }

  first() {
    return this.nth(0);
  }

  nth(index: number) {
    return this.child({ kind: 'nth', index }, `nth(${index})`);
  }

  /** Every match's state now. */
  async states(attributes: string[] = []): Promise<ElementState[]> {
    return (await this.page.find(this.steps, 'state', attributes)).states;
  }

  /**
   * Waits until the one element this locator finds is shown, enabled, not covered and has kept
   * its place between two looks (a popup sliding in), then acts on it: Playwright's actionability.
   * A failed action (the element re-rendered in between) is tried again until the time is up.
   */
  private async act(what: string, action: (element: unknown) => Promise<void>, { needsHit = true } = {}) {
    const deadline = Date.now() + WAIT_MS;
    let lastBox: string | undefined;
    let why = '';
    for (;;) {
      const found = await this.page.find(this.steps, 'action');
      const blocked = needsHit ? found.blocked : found.count === 1 ? null : found.blocked;
      if (!blocked && (!needsHit || found.box === lastBox)) {
        try {
          const element = await this.page.element(this.steps);
          if (element) return await action(element);
          why = 'gone before the action';
        } catch (error) {
          why = (error as Error).message;
        }
      } else {
        why = blocked ?? 'still moving';
      }
      lastBox = found.box;
      if (Date.now() > deadline) throw new Error(`${what} ${this}: ${why}`);
      await sleep(POLL_MS);
    }
  }

  click() {
    return this.act('click', (element) => this.page.driver.click(element));
  }

  /** Types key by key (Playwright's pressSequentially): masks and filters see every key. */
  type(text: string) {
    return this.act('type into', (element) => this.page.driver.type(element, text));
  }

  /** A radio button or a checkbox, by a click (on it or its label), then checked. */
  async check() {
    await this.click();
    await expect(this).toBeChecked();
  }

  async selectOption({ label }: { label: string }) {
    await this.act('select an option of', async (element) => this.page.driver.select(element, await this.optionValue(label)));
    await expect(this).toHaveSelectedLabel(label);
  }

  private async optionValue(label: string): Promise<string> {
    const options = this.locator('option').filter({ hasText: label });
    const found = await this.page.find(options.steps, 'state', ['value']);
    const value = found.states.find((state) => state.text === label)?.attributes.value;
    if (value == null) throw new Error(`no option '${label}'`);
    return value;
  }

  /** A file input (usually hidden behind its drop zone) takes a file as the file dialog gives it. */
  setInputFiles(file: string) {
    return this.act('choose a file in', (element) => this.page.driver.upload(element, file), { needsHit: false });
  }
}

type Check = (states: ElementState[]) => boolean;

/** Waits until `check` holds for the locator's matches; fails with what it saw last. */
async function waitFor(locator: Locator, expectation: string, check: Check, attributes: string[], timeout: number) {
  const deadline = Date.now() + timeout;
  let seen: ElementState[] = [];
  for (;;) {
    seen = await locator.states(attributes);
    if (check(seen)) return;
    if (Date.now() > deadline) {
      const summary = seen.length
        ? seen.map((state) => JSON.stringify({ ...state, text: state.text.slice(0, 200) })).join('\n  ')
        : 'no element';
      throw new Error(`expected ${locator} ${expectation}; saw:\n  ${summary}`);
    }
    await sleep(POLL_MS);
  }
}

const matchesText = (actual: string, expected: string | RegExp, exact: boolean) =>
  typeof expected === 'string' ? (exact ? actual === expected.replace(/\s+/g, ' ').trim() : actual.includes(expected.replace(/\s+/g, ' ').trim())) : expected.test(actual);
const one = (check: (state: ElementState) => boolean): Check => (states) => states.length === 1 && check(states[0]!);

/** Assertions that wait (10 s unless told), named as Playwright's. */
export function expect(locator: Locator, { timeout = WAIT_MS } = {}) {
  const until = (expectation: string, check: Check, attributes: string[] = []) => waitFor(locator, expectation, check, attributes, timeout);
  return {
    toBeVisible: () => until('to be visible', one((state) => state.visible)),
    toBeHidden: () => until('to be hidden', (states) => states.every((state) => !state.visible)),
    toBeFocused: () => until('to be focused', one((state) => state.focused)),
    toBeEnabled: () => until('to be enabled', one((state) => state.enabled)),
    toBeDisabled: () => until('to be disabled', one((state) => !state.enabled)),
    toBeChecked: () => until('to be checked', one((state) => state.checked === true)),
    toHaveValue: (value: string) => until(`to have the value '${value}'`, one((state) => state.value === value)),
    toContainText: (text: string | RegExp) => until(`to contain ${text}`, one((state) => matchesText(state.text, text, false))),
    /** One text for one element, or one for each match in order. */
    toHaveText: (text: string | RegExp | (string | RegExp)[]) =>
      until(`to have the text ${text}`, (states) =>
        Array.isArray(text)
          ? states.length === text.length && states.every((state, i) => matchesText(state.text, text[i]!, true))
          : states.length === 1 && matchesText(states[0]!.text, text, true),
      ),
    toHaveCount: (count: number) => until(`to have ${count} matches`, (states) => states.length === count),
    toHaveAttribute: (name: string, value: string | RegExp) =>
      until(`to have ${name}=${value}`, one((state) => matchesText(state.attributes[name] ?? '\u0000', value, true)), [name]),
    toHaveSelectedLabel: (label: string) =>
      waitFor(locator.locator('option:checked'), `to have '${label}' chosen`, one((state) => state.text === label), [], timeout),
  };
}

/** Waits until the page's URL matches. */
export async function expectURL(page: EnginePage, pattern: RegExp) {
  const deadline = Date.now() + WAIT_MS;
  let url = '';
  while (!pattern.test((url = await page.url()))) {
    if (Date.now() > deadline) throw new Error(`expected the URL to match ${pattern}; it is ${url}`);
    await sleep(POLL_MS);
  }
}
