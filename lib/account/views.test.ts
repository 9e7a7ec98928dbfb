import { describe, expect, it } from 'vitest';
import { hashOfView, isAccountPopup, popupIdsOfView, viewOfHash, viewWithout } from '@/lib/account/views';

describe('account views', () => {
  it('read and write their hashes both ways', () => {
    for (const view of [{ kind: 'profile' }, { kind: 'subscription', id: 12 }, { kind: 'companyDocs', id: 7 }] as const) {
      expect(viewOfHash(hashOfView(view))).toEqual(view);
    }
    expect(hashOfView({ kind: 'subscription', id: 12 })).toBe('#profil/abonelik/12');
    expect(hashOfView({ kind: 'companyDocs', id: 7 })).toBe('#profil/belgeler/7');
  });

  it('refuse any other hash', () => {
    for (const hash of ['', '#', '#giris', '#profil/', '#profil/abonelik', '#profil/abonelik/0', '#profil/abonelik/12x', '#profil/fatura/1', '#profil/abonelik/1234567890123']) {
      expect(viewOfHash(hash), hash).toBeNull();
    }
  });

  it('stack the profile under a detail', () => {
    expect(popupIdsOfView(null)).toEqual([]);
    expect(popupIdsOfView({ kind: 'profile' })).toEqual(['profile']);
    expect(popupIdsOfView({ kind: 'subscription', id: 3 })).toEqual(['profile', 'subscription-3']);
    expect(popupIdsOfView({ kind: 'companyDocs', id: 3 })).toEqual(['profile', 'company-docs-3']);
    expect(['profile', 'subscription-3', 'company-docs-44'].every(isAccountPopup)).toBe(true);
    expect(['login', 'inquiry', 'subscription-x', 'error-dialog'].some(isAccountPopup)).toBe(false);
  });

  it('fall back to the view underneath when a popup closes', () => {
    expect(viewWithout({ kind: 'subscription', id: 3 }, 'subscription-3')).toEqual({ kind: 'profile' });
    expect(viewWithout({ kind: 'subscription', id: 3 }, 'profile')).toBeNull();
    expect(viewWithout({ kind: 'profile' }, 'profile')).toBeNull();
  });
});
