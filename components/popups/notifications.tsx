'use client';

import { useTranslations } from 'next-intl';
import { type ComponentType, createContext, type CSSProperties, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ToasterProps } from 'sonner';
import styles from '@/components/popups/overlays.module.css';
import { TopLayerPortal } from '@/components/popups/top-layer-portal';
import {
  addNotification,
  createNotification,
  type InfoNotification,
  isUrgent,
  markLeaving,
  type NotificationInput,
  type NotificationType,
  removeNotification,
  TOAST_DEFAULTS,
  toastStillDue,
} from '@/lib/domain/notifications';
import { closeDuration } from '@/lib/popups/stack';

export type { NotificationType } from '@/lib/domain/notifications';

export type ToastType = 'info' | 'success' | 'warning' | 'error';

export interface NotifyApi {
  /** Adds a timed notification to the right-side info bar and answers its id. */
  add: (notification: NotificationInput) => string;
  info: (message: string, options?: Omit<NotificationInput, 'message' | 'type'>) => string;
  success: (message: string, options?: Omit<NotificationInput, 'message' | 'type'>) => string;
  danger: (message: string, options?: Omit<NotificationInput, 'message' | 'type'>) => string;
  error: (message: string, options?: Omit<NotificationInput, 'message' | 'type'>) => string;
  remove: (id: string) => void;
  removeType: (type: NotificationType) => void;
  clear: () => void;
  /**
   * A sonner toast (top right, newest first, 5000 ms), shown within 6000 ms of the call or not at
   * all. The same id (default: type and message) never shows twice.
   */
  toast: (message: string, options?: { id?: string; type?: ToastType; description?: string }) => void;
  /**
   * Says `message` to screen readers only (a polite live region, nothing drawn): for a confirmation
   * the page already shows where it happened, such as the green 'Doğrulandı' of a verified phone.
   */
  announce: (message: string) => void;
  /**
   * Closes every notification of the info bar and every toast: what they told belongs to a screen
   * the person has left (a wizard's step, the wizard itself).
   */
  dismissAll: () => void;
}

interface BarState {
  list: InfoNotification[];
  /** The text of the screen-reader-only live region (`announce`). */
  announcement: string;
  dismiss: (id: string) => void;
  drop: (id: string) => void;
  /** A toast was asked for: the toaster (sonner) is loaded and mounted from then on. */
  toasterWanted: boolean;
}

const NotifyContext = createContext<NotifyApi | null>(null);
const BarContext = createContext<BarState | null>(null);

let notificationCount = 0;

/** sonner was asked for (a toast was shown or due): `dismissAll` closes its toasts too. */
let toasterLoaded = false;

/**
 * Settles once the toaster is mounted: its live region is in the page a frame before the first
 * toast, so screen readers announce that toast too.
 */
let markToasterReady: () => void = () => {};
const toasterReady = new Promise<void>((resolve) => {
  markToasterReady = resolve;
});

function reducedMotion() {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [list, setList] = useState<InfoNotification[]>([]);
  const [toasterWanted, setToasterWanted] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  const leave = useCallback((matches: (item: InfoNotification) => boolean) => setList((current) => markLeaving(current, matches)), []);
  const drop = useCallback((id: string) => setList((current) => removeNotification(current, id)), []);

  const api = useMemo<NotifyApi>(() => {
    const add = (input: NotificationInput) => {
      const item = createNotification(input, () => `notification-${++notificationCount}`);
      setList((current) => addNotification(current, item));
      return item.id;
    };
    const typed =
      (type: NotificationType) =>
      (message: string, options: Omit<NotificationInput, 'message' | 'type'> = {}) =>
        add({ ...options, type, message });
    return {
      add,
      info: typed('INFO'),
      success: typed('SUCCESS'),
      danger: typed('DANGER'),
      error: typed('ERROR'),
      remove: (id) => leave((item) => item.id === id),
      removeType: (type) => leave((item) => item.type === type),
      clear: () => leave(() => true),
      toast: (message, { id, type, description } = {}) => {
        const askedAt = Date.now();
        toasterLoaded = true;
        setToasterWanted(true);
        void Promise.all([import('sonner'), toasterReady]).then(([{ toast }]) => {
          // The toaster loads with the first toast: one it could not show in time is news no more (spec §9).
          if (!toastStillDue(askedAt, Date.now())) return;
          const show = type ? toast[type] : toast;
          show(message, { id: id ?? `${type ?? 'default'}:${message}`, description });
        });
      },
      // Emptied first, so the same message said twice is heard twice.
      announce: (message) => {
        setAnnouncement('');
        requestAnimationFrame(() => setAnnouncement(message));
      },
      dismissAll: () => {
        leave(() => true);
        // Only once a toast was asked for is sonner in the page (and its toasts with it).
        if (toasterLoaded) void import('sonner').then(({ toast }) => toast.dismiss());
      },
    };
  }, [leave]);

  const bar = useMemo<BarState>(() => ({ list, announcement, dismiss: api.remove, drop, toasterWanted }), [list, announcement, api.remove, drop, toasterWanted]);

  return (
    <NotifyContext.Provider value={api}>
      <BarContext.Provider value={bar}>{children}</BarContext.Provider>
    </NotifyContext.Provider>
  );
}

/** Notifications: the info bar (`add`, `info`, `success`, `danger`, `error`, `remove`, `removeType`, `clear`) and `toast`. */
export function useNotify(): NotifyApi {
  const api = useContext(NotifyContext);
  if (!api) throw new Error('useNotify needs the NotificationsProvider (mounted in the locale layout)');
  return api;
}

/**
 * Closes the notifications and toasts whenever `screen` changes (not on the first render): a
 * wizard's step, or its finish line, is a new screen, and messages about the last one would only
 * cover it.
 */
export function useDismissOnChange(screen: string) {
  const { dismissAll } = useNotify();
  const last = useRef(screen);
  useEffect(() => {
    if (last.current === screen) return;
    last.current = screen;
    dismissAll();
  }, [screen, dismissAll]);
}

function NotificationItem({ item, paused }: { item: InfoNotification; paused: boolean }) {
  const t = useTranslations('notify');
  const { dismiss, drop } = useContext(BarContext)!;

  useEffect(() => {
    if (item.leaving || paused || item.timeout === null) return;
    const timer = window.setTimeout(() => dismiss(item.id), item.timeout);
    return () => window.clearTimeout(timer);
  }, [item.id, item.leaving, item.timeout, paused, dismiss]);

  useEffect(() => {
    if (!item.leaving) return;
    const timer = window.setTimeout(() => drop(item.id), closeDuration(reducedMotion()));
    return () => window.clearTimeout(timer);
  }, [item.id, item.leaving, drop]);

  return (
    <li className={styles.note} data-type={item.type} data-leaving={item.leaving ? '' : undefined}>
      <div className={styles.noteText}>
        <strong>{item.title ?? t(`types.${item.type}`)}</strong>
        <span>{item.message}</span>
      </div>
      <button type="button" className={styles.noteClose} aria-label={t('close')} onClick={() => dismiss(item.id)}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
    </li>
  );
}

/**
 * The right-side info bar. Two live regions: INFO and SUCCESS are read politely, DANGER and ERROR
 * at once. Timers pause while the pointer or focus is on the bar, so nothing closes under the reader.
 */
export function InfoBar() {
  const { list, announcement } = useContext(BarContext)!;
  const t = useTranslations('notify');
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;
  const urgent = list.filter((item) => isUrgent(item.type));
  const polite = list.filter((item) => !isUrgent(item.type));
  return (
    <TopLayerPortal>
      <div
        className={styles.infoBar}
        aria-label={t('region')}
        role="group"
        onPointerEnter={() => setHovered(true)}
        onPointerLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
        }}
      >
        <ul className={styles.notes} aria-live="assertive" aria-relevant="additions text">
          {urgent.map((item) => (
            <NotificationItem key={item.id} item={item} paused={paused} />
          ))}
        </ul>
        <ul className={styles.notes} aria-live="polite" aria-relevant="additions text">
          {polite.map((item) => (
            <NotificationItem key={item.id} item={item} paused={paused} />
          ))}
        </ul>
        <p className="visually-hidden" aria-live="polite">
          {announcement}
        </p>
      </div>
    </TopLayerPortal>
  );
}

/** sonner's colours, taken from our tokens so every toast meets WCAG AA contrast. */
const toastColours = {
  '--normal-bg': 'var(--color-surface)',
  '--normal-border': 'var(--color-border)',
  '--normal-text': 'var(--color-text)',
  '--success-bg': 'var(--color-success-soft)',
  '--success-border': 'var(--color-success)',
  '--success-text': 'var(--color-success)',
  '--info-bg': 'var(--color-primary-soft)',
  '--info-border': 'var(--color-primary)',
  '--info-text': 'var(--color-primary-hover)',
  '--warning-bg': 'var(--color-warning-soft)',
  '--warning-border': 'var(--color-warning)',
  '--warning-text': 'var(--color-warning)',
  '--error-bg': 'var(--color-danger-soft)',
  '--error-border': 'var(--color-danger)',
  '--error-text': 'var(--color-danger)',
  fontFamily: 'var(--font-sans)',
} as CSSProperties;

type ToastPosition = NonNullable<ToasterProps['position']>;

/** How much of a box `cover` hides: the share of its area under any of the rectangles. */
function hiddenShare(box: DOMRect, cover: DOMRect[]): number {
  const area = box.width * box.height;
  if (area === 0) return 0;
  // Toasts stack without overlapping one another much: the sum is close enough to the union.
  const under = cover.reduce(
    (sum, rect) => sum + Math.max(0, Math.min(box.right, rect.right) - Math.max(box.left, rect.left)) * Math.max(0, Math.min(box.bottom, rect.bottom) - Math.max(box.top, rect.top)),
    0,
  );
  return under / area;
}

/**
 * The toaster's place: spec §9's top right, unless the element that takes the keyboard focus would
 * be mostly under a toast there (WCAG 2.2 2.4.11, focus not obscured): then the toasts move to the
 * other edge, top to bottom or back, and stay there. At phone widths sonner lays a toast across the
 * whole top of the screen, over the header's menu and account buttons, where the focus returns
 * after a logout.
 */
function useToastsClearOfFocus(mounted: boolean): ToastPosition {
  const [position, setPosition] = useState<ToastPosition>(TOAST_DEFAULTS.position);
  useEffect(() => {
    if (!mounted) return;
    const onFocus = () => {
      const focused = document.activeElement;
      if (!focused || focused === document.body) return;
      const toasts = [...document.querySelectorAll('[data-sonner-toast][data-visible="true"]')].map((toast) => toast.getBoundingClientRect());
      if (!toasts.length || hiddenShare(focused.getBoundingClientRect(), toasts) < 0.5) return;
      setPosition((was) => (was.startsWith('top') ? (was.replace('top', 'bottom') as ToastPosition) : (was.replace('bottom', 'top') as ToastPosition)));
    };
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, [mounted]);
  return position;
}

/**
 * Toast defaults of spec §9: top right, newest first, 5000 ms; ids prevent duplicates; the maximum
 * animation delay is kept where a toast is asked for (`toast` above). sonner loads with the first
 * toast, so no page loads or runs its code before one is shown.
 */
export function ToastHost() {
  const t = useTranslations('notify');
  const { toasterWanted } = useContext(BarContext)!;
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);

  useEffect(() => {
    if (toasterWanted && !Toaster) void import('sonner').then((module) => setToaster(() => module.Toaster));
  }, [toasterWanted, Toaster]);

  // The Toaster's own effects (its subscription to the toasts) have run before this one.
  useEffect(() => {
    if (Toaster) requestAnimationFrame(() => markToasterReady());
  }, [Toaster]);

  const position = useToastsClearOfFocus(Boolean(Toaster));

  if (!Toaster) return null;
  return (
    <Toaster
      style={toastColours}
      position={position}
      duration={TOAST_DEFAULTS.duration}
      visibleToasts={5}
      richColors
      closeButton
      theme="light"
      containerAriaLabel={t('region')}
      toastOptions={{ closeButtonAriaLabel: t('close'), style: { fontSize: 'var(--font-size-sm)' } }}
    />
  );
}
