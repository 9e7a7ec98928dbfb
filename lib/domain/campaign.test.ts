import { describe, expect, it } from 'vitest';
import { isCampaignActive } from '@/lib/domain/campaign';

describe('isCampaignActive', () => {
  it('shows the campaign through the whole end date in Türkiye', () => {
    expect(isCampaignActive({ end_date: '2025-10-31' }, new Date('2025-10-31T20:59:59Z'))).toBe(true);
    expect(isCampaignActive({ end_date: '2025-10-31' }, new Date('2025-10-31T21:00:00Z'))).toBe(false);
    // Its very last millisecond still counts.
    expect(isCampaignActive({ end_date: '2025-10-31' }, new Date('2025-10-31T20:59:59.999Z'))).toBe(true);
  });

  it('reads only the date of an end date sent with its time', () => {
    expect(isCampaignActive({ end_date: '2025-10-31 00:00:00' }, new Date('2025-10-31T20:00:00Z'))).toBe(true);
    expect(isCampaignActive({ end_date: '2025-10-31T09:30:00.000000Z' }, new Date('2025-11-01T09:00:00Z'))).toBe(false);
  });

  it('hides a campaign whose end date is past or unreadable', () => {
    expect(isCampaignActive({ end_date: '2020-01-01' }, new Date('2026-01-01'))).toBe(false);
    expect(isCampaignActive({ end_date: 'soon' }, new Date('2026-01-01'))).toBe(false);
  });
});
