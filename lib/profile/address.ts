import type { Subscription } from '@/lib/api/types';

type Address = Subscription['data']['address'];

/**
 * One line for a subscription's address, in the order of spec §3 as a Turkish address is written:
 * 'Caferağa Mahallesi, Fevzi Çakmak Sokak, No: 3, Daire 2, Kadıköy / İstanbul'. Missing or blank
 * parts are left out.
 */
export function formatAddress(address: Partial<Address> | null | undefined): string {
  const text = (part: { text?: string } | null | undefined) => part?.text?.trim() ?? '';
  const street = [address?.neighborhood, address?.street, address?.building, address?.floor].map(text).filter(Boolean);
  const area = [address?.district, address?.province].map(text).filter(Boolean).join(' / ');
  return [...street, area].filter(Boolean).join(', ');
}
