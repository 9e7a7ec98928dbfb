/**
 * What runs inside the page under test, the same in every engine: a locator's steps resolved to
 * elements with Testing Library's role and label queries (injected once per document), and what
 * an assertion or an action needs to know about them. Each adapter only sends this function's
 * source with JSON arguments and gets JSON (or, in `element` mode, the element) back.
 *
 * It must stay self-contained: it is sent as text, so it may use nothing from its module.
 */

/** A text to match: a string, or a regular expression sent as its source and flags. */
export type TextMatch = string | { source: string; flags: string };

export type Step =
  | { kind: 'role'; role: string; name?: TextMatch; exact?: boolean; level?: number }
  | { kind: 'label'; text: TextMatch; exact?: boolean }
  | { kind: 'text'; text: TextMatch; exact?: boolean }
  | { kind: 'css'; selector: string }
  | { kind: 'hasText'; text: TextMatch }
  | { kind: 'nth'; index: number };

/** One element as an assertion sees it. */
export interface ElementState {
  visible: boolean;
  enabled: boolean;
  focused: boolean;
  checked: boolean | null;
  value: string | null;
  text: string;
  attributes: Record<string, string | null>;
}

export interface Found {
  /** Testing Library is not in this document yet: inject it and ask again. */
  inject?: true;
  count: number;
  /** Every match, in document order. */
  states: ElementState[];
  /** In `action` mode: why the single match cannot take a click or keys yet, or null when it can. */
  blocked?: string | null;
  /** In `action` mode: where it is, to tell a moving element from a settled one. */
  box?: string;
}

export type Mode = 'state' | 'action' | 'element';

export function inPage(steps: Step[], mode: Mode, attributeNames: string[]): Found | Element | null {
  const dom = (window as unknown as { TestingLibraryDom?: typeof import('@testing-library/dom') }).TestingLibraryDom;
  if (!dom) return { inject: true, count: 0, states: [] };

  const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();
  // Playwright's rules: a string matches a substring, case-insensitively, unless `exact`; a
  // regular expression is tested as it is. Both against whitespace-normalized text.
  const matcher = (expected: TextMatch, exact = false) => {
    if (typeof expected !== 'string') {
      const pattern = new RegExp(expected.source, expected.flags);
      return (actual: string) => pattern.test(normalize(actual));
    }
    const wanted = normalize(expected);
    if (exact) return (actual: string) => normalize(actual) === wanted;
    const lower = wanted.toLocaleLowerCase('tr');
    return (actual: string) => normalize(actual).toLocaleLowerCase('tr').includes(lower);
  };

  const visible = (element: Element) => {
    const box = element.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) return false;
    return element.checkVisibility({ visibilityProperty: true });
  };

  // As Playwright's getByText: the innermost elements whose whole text matches.
  const byText = (scope: ParentNode, matches: (text: string) => boolean) =>
    [...scope.querySelectorAll('*')].filter(
      (element) =>
        !['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(element.tagName) &&
        matches(element.textContent ?? '') &&
        ![...element.children].some((child) => matches(child.textContent ?? '')),
    );

  // The document itself is the first scope, so that locator('html') finds the root.
  let found: ParentNode[] = [document];
  for (const step of steps) {
    if (step.kind === 'nth') {
      const one = found.at(step.index);
      found = one ? [one] : [];
      continue;
    }
    if (step.kind === 'hasText') {
      const matches = matcher(step.text);
      found = found.filter((element) => matches((element as Element).textContent ?? ''));
      continue;
    }
    const next: ParentNode[] = [];
    for (const scope of found) {
      switch (step.kind) {
        case 'role': {
          const matches = step.name === undefined ? undefined : matcher(step.name, step.exact);
          next.push(
            ...dom.queryAllByRole(scope as HTMLElement, step.role as never, {
              ...(matches ? { name: (name: string) => matches(name) } : {}),
              ...(step.level ? { level: step.level } : {}),
            }),
          );
          break;
        }
        case 'label': {
          const matches = matcher(step.text, step.exact);
          next.push(...dom.queryAllByLabelText(scope as HTMLElement, (content: string) => matches(content)));
          break;
        }
        case 'text':
          next.push(...byText(scope, matcher(step.text, step.exact)));
          break;
        case 'css':
          next.push(...scope.querySelectorAll(step.selector));
          break;
      }
    }
    // In document order, each once (nested scopes may find the same element twice).
    found = [...new Set(next)].sort((a, b) => ((a as Node).compareDocumentPosition(b as Node) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  }

  const elements = found.filter((node): node is Element => node instanceof Element);
  if (mode === 'element') return elements.length === 1 ? elements[0]! : null;

  const states = elements.map((element): ElementState => {
    const input = element as HTMLInputElement;
    const checkable = input.type === 'checkbox' || input.type === 'radio';
    const ariaChecked = element.getAttribute('aria-checked');
    return {
      visible: visible(element),
      enabled: !element.matches(':disabled') && element.getAttribute('aria-disabled') !== 'true',
      focused: element === document.activeElement,
      checked: checkable ? input.checked : ariaChecked === null ? null : ariaChecked === 'true',
      value: 'value' in element && typeof input.value === 'string' ? input.value : null,
      // textContent, as Playwright's toHaveText: engines lay out innerText's spaces differently.
      text: normalize(element.textContent ?? ''),
      attributes: Object.fromEntries(attributeNames.map((name) => [name, element.getAttribute(name)])),
    };
  });
  if (mode === 'state') return { count: elements.length, states };

  // An action's checks, as Playwright's: one element, shown, enabled, and the one a click at its
  // centre would reach (not under a popup or an overlay that is fading out).
  const result: Found = { count: elements.length, states, blocked: null };
  if (elements.length !== 1) {
    result.blocked = elements.length ? `${elements.length} elements match` : 'no element matches';
    return result;
  }
  const element = elements[0]!;
  const state = states[0]!;
  if (!state.visible) result.blocked = 'not visible';
  else if (!state.enabled) result.blocked = 'disabled';
  else {
    element.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    const box = element.getBoundingClientRect();
    result.box = [box.x, box.y, box.width, box.height].map(Math.round).join(',');
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    const labels = 'labels' in element ? [...((element as HTMLInputElement).labels ?? [])] : [];
    const reached = hit && (element.contains(hit) || labels.some((label) => label.contains(hit)));
    if (!reached) result.blocked = `covered by <${hit?.tagName.toLowerCase() ?? 'nothing'}${hit?.className ? ` class="${hit.className}"` : ''}>`;
  }
  return result;
}
