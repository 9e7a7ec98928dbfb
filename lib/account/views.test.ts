import { describe, expect, it } from 'vitest';
import { type AccountView, hashOfView, isAccountPopup, popupIdsOfView, viewOfHash, viewWithout } from '@/lib/account/views';

describe('account views', () => {
  it('read and write their hashes both ways', () => {
    const views: AccountView[] = [{ kind: 'profile' }, { kind: 'subscription', id: 12 }, { kind: 'companyDocs', id: 7 }, { kind: 'companyDocs', id: 7, overDetail: true }];
    for (const view of views) expect(viewOfHash(hashOfView(view))).toEqual(view);
    expect(hashOfView({ kind: 'subscription', id: 12 })).toBe('#profil/abonelik/12');
    expect(hashOfView({ kind: 'companyDocs', id: 7 })).toBe('#profil/belgeler/7');
    expect(hashOfView({ kind: 'companyDocs', id: 7, overDetail: true })).toBe('#profil/abonelik/7/belgeler');
  });

  it('refuse any other hash', () => {
    for (const hash of ['', '#', '#giris', '#profil/', '#profil/abonelik', '#profil/abonelik/0', '#profil/abonelik/12x', '#profil/fatura/1', '#profil/abonelik/1234567890123', '#profil/belgeler/7/abonelik', '#profil/abonelik/7/belgeler/']) {
      expect(viewOfHash(hash), hash).toBeNull();
    }
  });

  it('stack the profile under a detail, and a detail under the documents opened from it', () => {
    expect(popupIdsOfView(null)).toEqual([]);
    expect(popupIdsOfView({ kind: 'profile' })).toEqual(['profile']);
    expect(popupIdsOfView({ kind: 'subscription', id: 3 })).toEqual(['profile', 'subscription-3']);
    expect(popupIdsOfView({ kind: 'companyDocs', id: 3 })).toEqual(['profile', 'company-docs-3']);
    expect(popupIdsOfView({ kind: 'companyDocs', id: 3, overDetail: true })).toEqual(['profile', 'subscription-3', 'company-docs-3']);
    expect(['profile', 'subscription-3', 'company-docs-44'].every(isAccountPopup)).toBe(true);
    expect(['login', 'inquiry', 'subscription-x', 'error-dialog'].some(isAccountPopup)).toBe(false);
  });

  it('fall back to the view underneath when a popup closes', () => {
    expect(viewWithout({ kind: 'subscription', id: 3 }, 'subscription-3')).toEqual({ kind: 'profile' });
    expect(viewWithout({ kind: 'subscription', id: 3 }, 'profile')).toBeNull();
    expect(viewWithout({ kind: 'profile' }, 'profile')).toBeNull();
    expect(viewWithout({ kind: 'companyDocs', id: 3 }, 'company-docs-3')).toEqual({ kind: 'profile' });
    expect(viewWithout({ kind: 'companyDocs', id: 3, overDetail: true }, 'company-docs-3')).toEqual({ kind: 'subscription', id: 3 });
    expect(viewWithout({ kind: 'companyDocs', id: 3, overDetail: true }, 'subscription-3')).toEqual({ kind: 'profile' });
    expect(viewWithout({ kind: 'companyDocs', id: 3, overDetail: true }, 'profile')).toBeNull();
  });
});
