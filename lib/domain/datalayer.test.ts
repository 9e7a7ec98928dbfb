import { describe, expect, it } from 'vitest';
import { pushTrackingEvent, type TrackingTarget } from '@/lib/domain/datalayer';

describe('pushTrackingEvent', () => {
  it('creates the data layer when absent', () => {
    const target: TrackingTarget = {};
    expect(pushTrackingEvent(target, 'new')).toEqual({ event: 'online_subscription', flow: 'new' });
    expect(target.dataLayer).toEqual([{ event: 'online_subscription', flow: 'new' }]);
  });

  it('appends to an existing data layer', () => {
    const dataLayer: unknown[] = [{ 'gtm.start': 1 }];
    const target = { dataLayer };
    pushTrackingEvent(target, 'transfer');
    expect(target.dataLayer).toBe(dataLayer);
    expect(dataLayer).toEqual([{ 'gtm.start': 1 }, { event: 'online_subscription', flow: 'transfer' }]);
  });

  it('goes through the tag manager\u2019s own push', () => {
    const seen: unknown[] = [];
    const dataLayer: unknown[] = [];
    dataLayer.push = (...items: unknown[]) => seen.push(...items);
    pushTrackingEvent({ dataLayer }, 'new');
    expect(seen).toEqual([{ event: 'online_subscription', flow: 'new' }]);
  });

  it('replaces a data layer that is not an array-like with push', () => {
    const target: TrackingTarget = { dataLayer: 'broken' };
    pushTrackingEvent(target, 'new');
    expect(target.dataLayer).toEqual([{ event: 'online_subscription', flow: 'new' }]);
    const nullTarget: TrackingTarget = { dataLayer: null };
    pushTrackingEvent(nullTarget, 'transfer');
    expect(nullTarget.dataLayer).toHaveLength(1);
  });
});
