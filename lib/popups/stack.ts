/**
 * The popup stack of spec §2/§3 ("popup content list (items have an id and a size, default MINI)"),
 * as plain functions so the rules are testable without React.
 */

export type PopupSize = 'mini' | 'big' | 'full';

/** Close animation of popups and of the info bar (spec §9: 400 ms). */
export const CLOSE_ANIMATION_MS = 400;

export interface StackEntry {
  id: string;
  /** The size asked for; undefined takes the default of `popupSize`. */
  size?: PopupSize;
  /** Playing its close animation: still drawn, no longer the top popup. */
  closing: boolean;
}

/** Default size: big when a user is logged in, mini otherwise (spec §2). */
export function popupSize(requested: PopupSize | undefined, loggedIn: boolean): PopupSize {
  return requested ?? (loggedIn ? 'big' : 'mini');
}

/**
 * Opens `entry` on top. An open popup with the same id is replaced where it stands (no duplicate);
 * one that is closing is dropped and the new one goes on top.
 */
export function openEntry<T extends StackEntry>(stack: readonly T[], entry: T): T[] {
  const index = stack.findIndex((item) => item.id === entry.id);
  if (index === -1) return [...stack, entry];
  if (stack[index]!.closing) return [...stack.filter((item) => item.id !== entry.id), entry];
  return stack.map((item, i) => (i === index ? entry : item));
}

/** Starts the close animation of one popup; unknown or already closing ids leave the stack as it is. */
export function markClosing<T extends StackEntry>(stack: readonly T[], id: string): T[] {
  if (!stack.some((item) => item.id === id && !item.closing)) return stack as T[];
  return stack.map((item) => (item.id === id ? { ...item, closing: true } : item));
}

/**
 * Ends a close animation: drops the popup with this id if it is still closing. One opened again
 * under the same id during the animation stays.
 */
export function removeEntry<T extends StackEntry>(stack: readonly T[], id: string): T[] {
  return stack.some((item) => item.id === id && item.closing) ? stack.filter((item) => item.id !== id) : (stack as T[]);
}

/** The popup the user works in: the newest one that is not closing. */
export function topEntry<T extends StackEntry>(stack: readonly T[]): T | undefined {
  for (let i = stack.length - 1; i >= 0; i--) if (!stack[i]!.closing) return stack[i];
  return undefined;
}

/** How long a close animation lasts for someone who asked for reduced motion or not. */
export function closeDuration(reducedMotion: boolean): number {
  return reducedMotion ? 0 : CLOSE_ANIMATION_MS;
}
