import { describe, expect, it } from 'vitest';
import type { Subscription } from '@/lib/api/types';
import { activeTab, detailTabs, profileTabs, tabIndexForKey } from '@/lib/profile/tabs';

describe('profileTabs', () => {
  it('offers all three tabs once the identity is approved', () => {
    expect(profileTabs(2)).toEqual(['subscriptions', 'subscriber', 'identity']);
  });

  it('forces the Identity tab alone while the identity is not sent, in approval or rejected', () => {
    for (const status of [0, 1, 3]) expect(profileTabs(status)).toEqual(['identity']);
  });
});

describe('detailTabs', () => {
  const auth_params = { username: 'abone', password: 'gizli' };
  const subscription = (status: number, withCredentials: boolean) =>
    ({ status, data: { auth_params: withCredentials ? auth_params : null } }) as unknown as Subscription;

  it('adds Modem Info only at status 200 with credentials', () => {
    expect(detailTabs(subscription(200, true))).toEqual(['subscription', 'customer', 'tariff', 'modem']);
    expect(detailTabs(subscription(200, false))).toEqual(['subscription', 'customer', 'tariff']);
    expect(detailTabs(subscription(3, true))).toEqual(['subscription', 'customer', 'tariff']);
  });
});

describe('activeTab', () => {
  it('keeps an offered tab and falls back to the first otherwise', () => {
    expect(activeTab(['subscriptions', 'subscriber', 'identity'], 'subscriber')).toBe('subscriber');
    expect(activeTab(['identity'], 'subscriber')).toBe('identity');
    expect(activeTab(['subscription', 'customer'], undefined)).toBe('subscription');
  });
});

describe('tabIndexForKey', () => {
  it('steps with the arrows and wraps at both ends', () => {
    expect(tabIndexForKey('ArrowRight', 0, 3)).toBe(1);
    expect(tabIndexForKey('ArrowRight', 2, 3)).toBe(0);
    expect(tabIndexForKey('ArrowLeft', 0, 3)).toBe(2);
    expect(tabIndexForKey('ArrowDown', 1, 3)).toBe(2);
    expect(tabIndexForKey('ArrowUp', 1, 3)).toBe(0);
  });

  it('jumps with Home and End and ignores other keys', () => {
    expect(tabIndexForKey('Home', 2, 4)).toBe(0);
    expect(tabIndexForKey('End', 0, 4)).toBe(3);
    expect(tabIndexForKey('Enter', 1, 4)).toBeNull();
    expect(tabIndexForKey('ArrowRight', 0, 0)).toBeNull();
  });
});
