import type { PillTone } from '@/components/account/status-pill';
import type { SubscriptionStatusKey } from '@/lib/domain/subscription';

/** The colour of a subscription status label: started green, cancelled grey, the rest in progress. */
export function subscriptionTone(status: SubscriptionStatusKey): PillTone {
  if (status === 'started') return 'success';
  if (status === 'cancelled' || status === 'unknown') return 'neutral';
  return 'info';
}
