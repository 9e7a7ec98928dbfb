/*
 * The WCAG 2.2 criteria's measurements, the same code in every engine: Chromium's suite runs them
 * with `page.evaluate` (e2e/wcag22.spec.ts), WebKit's and Firefox's through their drivers
 * (e2e/engines/wcag22.engine.ts, `EnginePage.run`). Each function below that runs in the page is
 * sent as its source: it must stay self-contained, using nothing from this module or any other.
 */

/**
 * In the page: the pointer targets on screen smaller than 24 × 24 CSS px that lack the spacing
 * 2.5.8 allows instead: a 24 px circle on the target's centre that meets no other target and no
 * other small target's circle. Exempt as the criterion says: a link inside a line of text. A
 * checkbox or radio counts with its label, which takes the click too. Behind a modal dialog nothing
 * is a target.
 */
export function smallTargets(): string[] {
  const selector = [
    'a[href]', 'button', 'input:not([type="hidden"])', 'select', 'textarea', 'summary',
    '[role="button"]', '[role="link"]', '[role="tab"]', '[role="checkbox"]', '[role="radio"]', '[role="option"]', '[tabindex]:not([tabindex="-1"])',
  ].join(', ');
  const modal = [...document.querySelectorAll('dialog[open]')].filter((dialog) => dialog.matches(':modal')).at(-1);
  const scope: ParentNode = modal ?? document;
  const shown = (element: Element) => {
    const box = element.getBoundingClientRect();
    return box.width > 1 && box.height > 1 && element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && !element.closest('[inert]');
  };
  const inSentence = (element: Element) =>
    element.tagName === 'A' && getComputedStyle(element).display === 'inline' && (element.parentElement?.textContent?.trim().length ?? 0) > (element.textContent?.trim().length ?? 0);
  const boxOf = (element: Element) => {
    let { left, top, right, bottom } = element.getBoundingClientRect();
    for (const label of (element as HTMLInputElement).labels ?? []) {
      const box = label.getBoundingClientRect();
      if (box.width > 1 && ['checkbox', 'radio'].includes((element as HTMLInputElement).type)) {
        left = Math.min(left, box.left);
        top = Math.min(top, box.top);
        right = Math.max(right, box.right);
        bottom = Math.max(bottom, box.bottom);
      }
    }
    return { left, top, right, bottom };
  };
  const describe = (element: Element) => {
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
    return `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}> "${name}"`;
  };
  const targets = [...scope.querySelectorAll(selector)].filter((element) => shown(element) && !inSentence(element));
  // A target inside another (an icon button in a link) is the same target.
  const outer = targets.filter((element) => !targets.some((other) => other !== element && other.contains(element)));
  const boxes = outer.map((element) => ({ element, box: boxOf(element) }));
  const small = boxes.filter(({ box }) => box.right - box.left < 24 - 0.5 || box.bottom - box.top < 24 - 0.5);
  const centre = ({ box }: (typeof boxes)[number]) => ({ x: (box.left + box.right) / 2, y: (box.top + box.bottom) / 2 });
  const distanceToBox = (point: { x: number; y: number }, box: (typeof boxes)[number]['box']) =>
    Math.hypot(Math.max(box.left - point.x, 0, point.x - box.right), Math.max(box.top - point.y, 0, point.y - box.bottom));
  const failing: string[] = [];
  for (const target of small) {
    const c = centre(target);
    const near = boxes.find((other) => other !== target && distanceToBox(c, other.box) < 12 - 0.5);
    const nearSmall = small.find((other) => other !== target && Math.hypot(centre(other).x - c.x, centre(other).y - c.y) < 24 - 0.5);
    const blocker = near ?? nearSmall;
    if (blocker) {
      const size = `${Math.round(target.box.right - target.box.left)}×${Math.round(target.box.bottom - target.box.top)}`;
      failing.push(`${describe(target.element)} ${size} px, too close to ${describe(blocker.element)}`);
    }
  }
  return failing;
}

/** Where the focus is, as `focusSeen` judges it. */
export interface FocusSeen {
  /** What hides the focused element entirely, or null when it is seen (or the focus is on the page itself). */
  hidden: string | null;
  /** No tab stop before the focus, or after it, in the page (or the modal dialog that holds it). */
  first: boolean;
  last: boolean;
  /** No element has the focus: after a Tab, it went past the last stop to the browser's own controls. */
  nowhere: boolean;
}

/**
 * In the page: the focused element, when it is entirely hidden (2.4.11): out of the viewport, or
 * covered at every point of its visible box by something other than itself or its label. An
 * element drawn through another (a file input behind its drop zone) is judged by the box that
 * shows its focus. And whether a tab stop lies before and after it.
 */
export function focusSeen(): FocusSeen {
  const active = document.activeElement;
  const modal = [...document.querySelectorAll('dialog[open]')].filter((dialog) => dialog.matches(':modal')).at(-1);
  // The tab stops of the page, or of the modal dialog (Tab leaves a modal dialog only for the browser's controls).
  const stops = [...(modal ?? document).querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex], [contenteditable="true"]')].filter(
    (stop) =>
      (stop as HTMLElement).tabIndex >= 0 &&
      !(stop as HTMLButtonElement).disabled &&
      stop.checkVisibility({ visibilityProperty: true }) &&
      !stop.closest('[inert]') &&
      // The other radio buttons of the focused one's group are no stops of their own.
      !(active instanceof HTMLInputElement && active.type === 'radio' && stop instanceof HTMLInputElement && stop.type === 'radio' && stop !== active && stop.name === active.name && stop.form === active.form),
  );
  const onPage = !active || active === document.body;
  const first = onPage || !stops.some((stop) => active.compareDocumentPosition(stop) & Node.DOCUMENT_POSITION_PRECEDING);
  const last = onPage ? !stops.length : !stops.some((stop) => active.compareDocumentPosition(stop) & Node.DOCUMENT_POSITION_FOLLOWING);
  const seen = { first, last, nowhere: onPage };
  if (onPage) return { hidden: null, ...seen };

  const describe = (node: Element | null) =>
    node ? `<${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${typeof node.className === 'string' && node.className ? ` class="${node.className.split(' ')[0]}"` : ''}> "${(node.getAttribute('aria-label') ?? node.textContent ?? '').trim().slice(0, 30)}"` : 'nothing';
  const drawn = (node: Element) => {
    const box = node.getBoundingClientRect();
    return box.width > 2 && box.height > 2 && node.checkVisibility({ opacityProperty: true });
  };
  let element: Element = active;
  while (!drawn(element) && element.parentElement) element = element.parentElement;
  const focused = element;
  const box = focused.getBoundingClientRect();
  const left = Math.max(box.left, 0);
  const right = Math.min(box.right, innerWidth);
  const top = Math.max(box.top, 0);
  const bottom = Math.min(box.bottom, innerHeight);
  if (right - left < 1 || bottom - top < 1) return { hidden: `${describe(active)} is out of view`, ...seen };
  const own = (hit: Element | null) => !!hit && (focused.contains(hit) || hit.contains(focused) || [...((active as HTMLInputElement).labels ?? [])].some((label) => label.contains(hit)));
  let cover: Element | null = null;
  for (const fx of [0.05, 0.5, 0.95]) {
    for (const fy of [0.1, 0.5, 0.9]) {
      const hit = document.elementFromPoint(left + (right - left) * fx, top + (bottom - top) * fy);
      if (own(hit)) return { hidden: null, ...seen };
      cover ??= hit;
    }
  }
  return { hidden: `${describe(active)} is covered by ${describe(cover)}`, ...seen };
}

/**
 * In the page: holds the toasts on screen, as a pointer resting on them does (sonner pauses its
 * timers on the toaster's mousemove until the pointer leaves, which a dispatched event never
 * does). Their 5 s would otherwise run out on a busy machine before the focus could be judged
 * under them. Says how many toasts show.
 */
export function holdToasts(): number {
  const toasts = [...document.querySelectorAll('[data-sonner-toast][data-visible="true"]')];
  for (const list of new Set(toasts.map((toast) => toast.closest('ol')))) list?.dispatchEvent(new MouseEvent('mousemove', { bubbles: true }));
  return toasts.length;
}

/** In the page: the names of the fields a step asks for, in the step itself (not the summary beside it); tick boxes aside. */
export function askedFields(): string[] {
  const fields = [...document.querySelectorAll('main input:not([type="hidden"]), main select, main textarea')].filter(
    (field) => !field.closest('aside') && (field as HTMLInputElement).type !== 'checkbox',
  );
  const name = (field: Element) => ((field as HTMLInputElement).labels?.[0]?.textContent ?? field.getAttribute('aria-label') ?? field.getAttribute('name') ?? '').trim();
  return [...new Set(fields.map(name))];
}

/** What tabbing needs of a page, in any engine: a key, and `focusSeen` run in the page. */
export interface Tabbing {
  press(key: 'Tab' | 'Shift+Tab'): Promise<void>;
  focusSeen(): Promise<FocusSeen>;
}

/**
 * Tabs from where the focus is to the last tab stop of the page (or of its modal dialog), `max`
 * times at most, then back to the first (Shift+Tab first, then Tab, when `backFirst`): each stop
 * is reached going either way, none twice the same way. Answers every focus still entirely hidden
 * once the page has answered the move (a second at most: a toast may move away), as
 * `where, key n: what hides it`. Never past the last stop: that would take the focus to the
 * browser's own controls (Firefox's, even headless), where the page sees no more focus events.
 */
export async function hiddenWhileTabbing(page: Tabbing, where: string, max: number, { backFirst = false } = {}): Promise<string[]> {
  const hidden: string[] = [];
  const [there, back] = backFirst ? (['Shift+Tab', 'Tab'] as const) : (['Tab', 'Shift+Tab'] as const);
  const edge = (seen: FocusSeen, key: 'Tab' | 'Shift+Tab') => (key === 'Tab' ? seen.last : seen.first);
  let seen: FocusSeen;
  const judge = async (what: string) => {
    seen = await page.focusSeen();
    for (const deadline = Date.now() + 1_000; seen.hidden && Date.now() < deadline; seen = await page.focusSeen()) await new Promise((resolve) => setTimeout(resolve, 50));
    if (seen.hidden) hidden.push(`${where}, ${what}: ${seen.hidden}`);
  };
  const move = async (key: 'Tab' | 'Shift+Tab', step: number) => {
    await page.press(key);
    await judge(`${key} ${step}`);
    if (seen.nowhere) throw new Error(`${where}, ${key} ${step}: the focus left the page`);
  };
  // Where the page put the focus first counts too.
  await judge('before any key');
  if (seen!.nowhere && seen!.last) throw new Error(`${where}: no tab stop to go to`);
  let steps = 0;
  while (steps < max && !edge(seen!, there)) await move(there, ++steps);
  // Back past the start to the first stop: the stops before where the focus began are reached too.
  for (let step = 1; step <= steps + max && !edge(seen!, back); step++) await move(back, step);
  return hidden;
}
