export type TrackingFlow = 'new' | 'transfer';

export interface TrackingEvent {
  event: 'online_subscription';
  flow: TrackingFlow;
}

/**
 * Pushes the completed-application event for the tag manager (spec §2), creating `dataLayer`
 * when the tag script has not loaded yet so the event is not lost. The tag manager swaps `push`
 * on its array, so the existing array's own push is used rather than replacing the array.
 */
export function pushTrackingEvent(target: { dataLayer?: unknown[] }, flow: TrackingFlow): TrackingEvent {
  const event: TrackingEvent = { event: 'online_subscription', flow };
  if (typeof (target.dataLayer as { push?: unknown } | undefined)?.push !== 'function') target.dataLayer = [];
  target.dataLayer!.push(event);
  return event;
}
