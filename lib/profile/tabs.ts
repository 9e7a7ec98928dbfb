import type { Subscription } from '@/lib/api/types';
import { isIdentityOnly, showModemInfo } from '@/lib/domain/subscription';

export type ProfileTab = 'subscriptions' | 'subscriber' | 'identity';
export type DetailTab = 'subscription' | 'customer' | 'tariff' | 'modem';

/** The profile's tabs (spec §2): identity status 0, 1 or 3 leaves only the Identity tab. */
export function profileTabs(identityStatus: number): ProfileTab[] {
  return isIdentityOnly(identityStatus) ? ['identity'] : ['subscriptions', 'subscriber', 'identity'];
}

/** A subscription's detail tabs: Modem Info only at status 200 with credentials. */
export function detailTabs(subscription: Pick<Subscription, 'status' | 'data'>): DetailTab[] {
  return showModemInfo(subscription) ? ['subscription', 'customer', 'tariff', 'modem'] : ['subscription', 'customer', 'tariff'];
}

/** The tab asked for when it is offered, else the first one (a forced or vanished tab). */
export function activeTab<K extends string>(tabs: readonly K[], requested: K | undefined): K {
  return requested !== undefined && tabs.includes(requested) ? requested : tabs[0]!;
}

/**
 * Where a key moves focus in a tab list (WAI-ARIA tabs pattern): arrows step and wrap, Home and
 * End jump to the ends. null for any other key, so the key keeps its usual meaning.
 */
export function tabIndexForKey(key: string, current: number, count: number): number | null {
  if (count <= 0) return null;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (current + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
