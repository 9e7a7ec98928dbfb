import { describe, expect, it } from 'vitest';
import { formatAddress } from '@/lib/profile/address';

const label = (text: string) => ({ text });

describe('formatAddress', () => {
  it('writes neighbourhood, street, building and door, then district / province', () => {
    expect(
      formatAddress({
        province: label('İstanbul'),
        district: label('Kadıköy'),
        township: label('Merkez'),
        village: label('Merkez'),
        neighborhood: label('Caferağa Mahallesi'),
        street: label('Fevzi Çakmak Sokak'),
        building: label('No: 3'),
        floor: label('Daire 2'),
      }),
    ).toBe('Caferağa Mahallesi, Fevzi Çakmak Sokak, No: 3, Daire 2, Kadıköy / İstanbul');
  });

  it('leaves out missing and blank parts', () => {
    expect(formatAddress({ province: label('Ankara'), district: label(' '), street: label('Atatürk Bulvarı') })).toBe('Atatürk Bulvarı, Ankara');
    expect(formatAddress(null)).toBe('');
  });
});
