/**
 * The right-side info bar of timed notifications (spec §2, §4, §9) and the toast defaults, as
 * plain functions so the rules are testable without React.
 */

export const NOTIFICATION_TYPES = ['INFO', 'SUCCESS', 'DANGER', 'ERROR'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Notification auto-close (spec §9: 5 s). */
export const NOTIFICATION_TIMEOUT_MS = 5000;

/**
 * Toast defaults of spec §9: top right, newest first, 5000 ms, duplicates prevented, and a maximum
 * animation delay of 6000 ms: a toast starts its entrance animation within 6000 ms of being asked
 * for, or not at all (`toastStillDue`).
 */
export const TOAST_DEFAULTS = { position: 'top-right', duration: 5000, maxAnimationDelayMs: 6000 } as const;

/**
 * Whether a toast asked for at `askedAtMs` may still start its animation at `nowMs`. The toaster
 * loads with the first toast; on a slow connection a toast would otherwise appear long after what
 * it tells (a welcome, a logout), beside a page that moved on: past the maximum delay it is dropped.
 */
export function toastStillDue(askedAtMs: number, nowMs: number): boolean {
  return nowMs - askedAtMs <= TOAST_DEFAULTS.maxAnimationDelayMs;
}

export interface InfoNotification {
  id: string;
  type: NotificationType;
  title?: string;
  message: string;
  /** Milliseconds before it closes itself; null keeps it until closed. */
  timeout: number | null;
  /** Playing its close animation. */
  leaving: boolean;
}

export interface NotificationInput {
  id?: string;
  type?: NotificationType;
  title?: string;
  message: string;
  timeout?: number | null;
}

/** A notification from what a caller gives: INFO and 5 s unless told otherwise. */
export function createNotification(input: NotificationInput, makeId: () => string): InfoNotification {
  return {
    id: input.id ?? makeId(),
    type: input.type ?? 'INFO',
    title: input.title,
    message: input.message,
    timeout: input.timeout === undefined ? NOTIFICATION_TIMEOUT_MS : input.timeout,
    leaving: false,
  };
}

/** Newest first; one with the same id is replaced (no duplicates), and moves to the top. */
export function addNotification(list: readonly InfoNotification[], item: InfoNotification): InfoNotification[] {
  return [item, ...list.filter((existing) => existing.id !== item.id)];
}

/** Starts the close animation of the matching notifications; the others stay as they are. */
export function markLeaving(list: readonly InfoNotification[], matches: (item: InfoNotification) => boolean): InfoNotification[] {
  if (!list.some((item) => !item.leaving && matches(item))) return list as InfoNotification[];
  return list.map((item) => (!item.leaving && matches(item) ? { ...item, leaving: true } : item));
}

export function removeNotification(list: readonly InfoNotification[], id: string): InfoNotification[] {
  return list.some((item) => item.id === id) ? list.filter((item) => item.id !== id) : (list as InfoNotification[]);
}

/** DANGER and ERROR interrupt a screen reader (assertive); INFO and SUCCESS wait (polite). */
export function isUrgent(type: NotificationType): boolean {
  return type === 'DANGER' || type === 'ERROR';
}
