'use client';

import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type AbstractIntlMessages, type Locale, useLocale, useMessages } from 'next-intl';
import { closeDuration, markClosing, openEntry, type PopupSize, removeEntry, type StackEntry, topEntry } from '@/lib/popups/stack';

export type { PopupSize } from '@/lib/popups/stack';

/** What a popup's `render` receives. */
export interface PopupRenderContext {
  id: string;
  /** Closes this popup (with its animation); `onClose` runs. */
  close: () => void;
  /** Give this id to the text that describes an `alert` popup (its message). */
  descriptionId: string;
}

export interface PopupOptions {
  /** One popup per id: opening an id again replaces the open one. Generated when omitted. */
  id?: string;
  /** mini (default when logged out), big (default when logged in) or full (spec §2). */
  size?: PopupSize;
  title: ReactNode;
  /** The content. Lazy (React.lazy) content shows a spinner until it has loaded. */
  render: (context: PopupRenderContext) => ReactNode;
  /** An alertdialog (errors, confirmations): read out with its description at once. */
  alert?: boolean;
  /** Runs once when the popup closes for any reason: button, Escape, `close`, replacement. */
  onClose?: () => void;
  /** Set by `usePopups`: the texts of the tree that opened the popup. */
  texts?: PopupTexts;
}

/** The texts of the tree that opened a popup (a page may carry more than the layout): set by `usePopups`. */
export interface PopupTexts {
  locale: Locale;
  messages: AbstractIntlMessages;
}

export interface PopupsApi {
  /** Opens a popup on top of the others and answers its id. */
  open: (options: PopupOptions) => string;
  close: (id: string) => void;
  closeAll: () => void;
  /** The ids of the popups open at this moment (not closing), bottom first: for event handlers. */
  openIds: () => string[];
}

/** Where focus goes back to when a popup closes: its opener, else an element with the same `data-focus-return` key. */
interface ReturnTarget {
  element: HTMLElement;
  key: string | null;
}

export interface PopupItem extends StackEntry {
  options: PopupOptions;
  /** The opener first, then the openers of the popups it was opened from. */
  returnFocus: ReturnTarget[];
}

interface PopupStackState {
  stack: PopupItem[];
  /** The dialog element of the top popup, where overlays (loader, info bar) are drawn. */
  topLayer: HTMLDialogElement | null;
  registerDialog: (id: string, element: HTMLDialogElement | null) => void;
  requestClose: (id: string) => void;
  /** The browser closed the dialog itself (a second Escape): no animation left to play. */
  closedNatively: (id: string) => void;
}

const PopupsContext = createContext<PopupsApi | null>(null);
const PopupStackContext = createContext<PopupStackState | null>(null);

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function isFocusable(element: HTMLElement): boolean {
  return element.isConnected && !element.closest('[inert]') && !element.matches(':disabled') && element.getClientRects().length > 0;
}

/** The first field of a popup, or what its content marked with `data-autofocus`. */
export function focusInitial(dialog: HTMLDialogElement): boolean {
  const target =
    dialog.querySelector<HTMLElement>('[data-autofocus]') ??
    dialog.querySelector<HTMLElement>(
      '[data-popup-body] :is(input:not([type="hidden"]), select, textarea):not(:disabled):not([readonly])',
    );
  target?.focus();
  return Boolean(target) && document.activeElement === target;
}

/**
 * Focus back to the opener, or to what took its place (same `data-focus-return`), else into the
 * popup still open beneath, else to the main content.
 */
function restoreFocus(targets: ReturnTarget[], fallbackDialog: HTMLDialogElement | undefined) {
  for (const { element, key } of targets) {
    const candidate = isFocusable(element)
      ? element
      : key
        ? document.querySelector<HTMLElement>(`[data-focus-return="${CSS.escape(key)}"]`)
        : null;
    if (candidate && isFocusable(candidate)) {
      candidate.focus();
      if (document.activeElement === candidate) return;
    }
  }
  if (fallbackDialog && focusInitial(fallbackDialog)) return;
  document.getElementById('content')?.focus({ preventScroll: true });
}

/**
 * The popup stack (spec §2): several popups open at once, each a modal <dialog> (inert
 * background, focus kept inside, Escape closes the top one), closed with a 400 ms animation and
 * focus handed back to what opened it. Mount once; `PopupHost` draws the dialogs.
 */
export function PopupProvider({ children }: { children: ReactNode }) {
  const [stack, setStack] = useState<PopupItem[]>([]);
  const [dialogs, setDialogs] = useState<Record<string, HTMLDialogElement>>({});
  // Read by event handlers and timers only, never during render.
  const stackRef = useRef<PopupItem[]>([]);
  const dialogRef = useRef(new Map<string, HTMLDialogElement>());
  const onCloseRef = useRef(new Map<string, () => void>());
  const counter = useRef(0);

  const update = useCallback((change: (stack: PopupItem[]) => PopupItem[]) => {
    stackRef.current = change(stackRef.current);
    setStack(stackRef.current);
  }, []);

  const runOnClose = useCallback((id: string) => {
    const onClose = onCloseRef.current.get(id);
    onCloseRef.current.delete(id);
    onClose?.();
  }, []);

  const finish = useCallback(
    (id: string) => {
      // Opened again during its animation: the new popup stays.
      const item = stackRef.current.find((entry) => entry.id === id && entry.closing);
      if (!item) return;
      const dialog = dialogRef.current.get(id);
      const active = document.activeElement;
      // Only the popup the user was in hands focus back; one closing beneath another leaves it be.
      const hadFocus = !active || active === document.body || Boolean(dialog?.contains(active));
      if (dialog?.open) dialog.close();
      update((current) => removeEntry(current, id));
      if (!hadFocus) return;
      const below = topEntry(stackRef.current);
      restoreFocus(item.returnFocus, below ? dialogRef.current.get(below.id) : undefined);
    },
    [update],
  );

  const requestClose = useCallback(
    (id: string) => {
      if (!stackRef.current.some((entry) => entry.id === id && !entry.closing)) return;
      update((current) => markClosing(current, id));
      runOnClose(id);
      window.setTimeout(() => finish(id), closeDuration(prefersReducedMotion()));
    },
    [finish, runOnClose, update],
  );

  const closedNatively = useCallback(
    (id: string) => {
      if (!stackRef.current.some((entry) => entry.id === id)) return;
      update((current) => markClosing(current, id));
      runOnClose(id);
      finish(id);
    },
    [finish, runOnClose, update],
  );

  const open = useCallback(
    (options: PopupOptions) => {
      const id = options.id ?? `popup-${++counter.current}`;
      const active = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
      const parentDialog = active?.closest<HTMLDialogElement>('dialog[data-popup-id]');
      const parent = parentDialog ? stackRef.current.find((entry) => entry.id === parentDialog.dataset.popupId) : undefined;
      const existing = stackRef.current.find((entry) => entry.id === id && !entry.closing);
      const own = active ? [{ element: active, key: active.closest<HTMLElement>('[data-focus-return]')?.dataset.focusReturn ?? null }] : [];
      const returnFocus = existing ? existing.returnFocus : [...own, ...(parent?.returnFocus ?? [])];
      // A replaced popup is closed as far as its opener is concerned.
      if (existing) runOnClose(id);
      if (options.onClose) onCloseRef.current.set(id, options.onClose);
      update((current) => openEntry(current, { id, size: options.size, closing: false, options, returnFocus }));
      return id;
    },
    [runOnClose, update],
  );

  const closeAll = useCallback(() => {
    for (const entry of [...stackRef.current].reverse()) requestClose(entry.id);
  }, [requestClose]);

  const registerDialog = useCallback((id: string, element: HTMLDialogElement | null) => {
    if (element) dialogRef.current.set(id, element);
    else dialogRef.current.delete(id);
    setDialogs((current) => {
      if (element ? current[id] === element : !(id in current)) return current;
      const next = { ...current };
      if (element) next[id] = element;
      else delete next[id];
      return next;
    });
  }, []);

  const openIds = useCallback(() => stackRef.current.filter((entry) => !entry.closing).map((entry) => entry.id), []);

  const api = useMemo<PopupsApi>(() => ({ open, close: requestClose, closeAll, openIds }), [open, requestClose, closeAll, openIds]);
  const top = topEntry(stack);
  const state = useMemo<PopupStackState>(
    () => ({ stack, topLayer: (top && dialogs[top.id]) ?? null, registerDialog, requestClose, closedNatively }),
    [stack, top, dialogs, registerDialog, requestClose, closedNatively],
  );

  return (
    <PopupsContext.Provider value={api}>
      <PopupStackContext.Provider value={state}>{children}</PopupStackContext.Provider>
    </PopupsContext.Provider>
  );
}

/**
 * Opens and closes popups: `open({ id?, size?, title, render })`, `close(id)`, `closeAll()`, `openIds()`. A
 * popup's content reads the texts of the component that opened it (the wizard's page carries texts
 * the layout does not), so no feature wraps its popups in a provider of its own.
 */
export function usePopups(): PopupsApi {
  const api = useContext(PopupsContext);
  if (!api) throw new Error('usePopups needs the PopupProvider (mounted in the locale layout)');
  const locale = useLocale();
  const messages = useMessages();
  return useMemo(() => ({ ...api, open: (options: PopupOptions) => api.open({ ...options, texts: { locale, messages } }) }), [api, locale, messages]);
}

/** The popup stack for the host and the overlays. */
export function usePopupStack(): PopupStackState {
  const state = useContext(PopupStackContext);
  if (!state) throw new Error('usePopupStack needs the PopupProvider');
  return state;
}
