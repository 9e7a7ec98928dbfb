/**
 * What one engine's adapter does for the driver-neutral layer (page.ts): run a script in the page,
 * and the few native inputs a person makes (click, keys, a file, an option). Everything else (finding
 * elements, waiting, asserting) is the same code in every engine. An element is the adapter's own
 * reference, opaque to everything else.
 */
export type EngineName = 'webkit' | 'firefox';

/**
 * The keys the tests press, by their names in the UI Events spec; a modifier held with one as
 * Playwright writes it ('Shift+Tab'; Control, not Meta: the engines run on Linux).
 */
export type Key = 'Escape' | 'Tab' | 'Shift+Tab' | 'Enter' | 'ArrowRight' | 'End' | 'Control+C' | 'Control+V';

export interface EngineDriver<ElementRef = unknown> {
  /** Opens an absolute URL and waits for its load event. */
  goto(url: string): Promise<void>;
  url(): Promise<string>;
  /** Evaluates an expression in the page; its value comes back as JSON. */
  evaluate<T>(expression: string): Promise<T>;
  /** Evaluates an expression whose value is an element, or null. */
  element(expression: string): Promise<ElementRef | null>;
  click(element: ElementRef): Promise<void>;
  /** Types into the element, key by key, as a person does. */
  type(element: ElementRef, text: string): Promise<void>;
  /** Presses a key where the focus is. */
  press(key: Key): Promise<void>;
  /** Chooses a file in an `<input type="file">`, as the file dialog would. */
  upload(element: ElementRef, file: string): Promise<void>;
  /** Chooses the option with this value in a `<select>`. */
  select(element: ElementRef, value: string): Promise<void>;
  /** Uncaught script errors since the page opened (see each adapter for how far back it sees). */
  scriptErrors(): Promise<string[]>;
  screenshot(): Promise<Buffer>;
  close(): Promise<void>;
}

/** One running engine: a browser (or its driver) kept for a worker, and a fresh page per test. */
export interface Engine {
  readonly name: EngineName;
  /** The engine's own name and version, for the report. */
  readonly version: string;
  /** A page of its own (no cookies or storage of another test) with this viewport. */
  newPage(viewport: { width: number; height: number }): Promise<EngineDriver>;
  close(): Promise<void>;
}
