import type { Campaign } from '@/lib/api/types';

/** A campaign shows until the end of its end date (Türkiye time, UTC+3). */
export function isCampaignActive(campaign: Pick<Campaign, 'end_date'>, now: Date): boolean {
  const end = Date.parse(`${campaign.end_date.slice(0, 10)}T23:59:59.999+03:00`);
  return Number.isFinite(end) && now.getTime() <= end;
}
