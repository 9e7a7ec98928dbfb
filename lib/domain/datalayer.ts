export type TrackingFlow = 'new' | 'transfer';

export interface TrackingEvent {
  event: 'online_subscription';
  flow: TrackingFlow;
}

/** Where the tag manager reads events: `window` in the page (its `dataLayer` is declared in global.d.ts). */
export interface TrackingTarget {
  dataLayer?: unknown;
}

/** The tag manager's array, or anything with its own `push` that stands in for it. */
const canPush = (value: unknown): value is { push: (...items: unknown[]) => unknown } =>
  typeof value === 'object' && value !== null && 'push' in value && typeof value.push === 'function';

/**
 * Pushes the completed-application event for the tag manager (spec §2), creating `dataLayer`
 * when the tag script has not loaded yet so the event is not lost. The tag manager swaps `push`
 * on its array, so the existing array's own push is used rather than replacing the array.
 */
export function pushTrackingEvent(target: TrackingTarget, flow: TrackingFlow): TrackingEvent {
  const event: TrackingEvent = { event: 'online_subscription', flow };
  if (canPush(target.dataLayer)) target.dataLayer.push(event);
  else target.dataLayer = [event];
  return event;
}
