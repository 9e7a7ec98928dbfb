/**
 * The customer's account views as URLs (the page's hash, so any page can show them and the page
 * cache never sees them): the profile, a subscription's details, a corporate subscription's
 * company documents. A link opens a view, Back closes it. Each view is a stack of popups, the
 * profile at the bottom.
 */
export type AccountView = { kind: 'profile' } | { kind: 'subscription'; id: number } | { kind: 'companyDocs'; id: number };

const SEGMENT = { subscription: 'abonelik', companyDocs: 'belgeler' } as const;

/** '#profil', '#profil/abonelik/12', '#profil/belgeler/12'; null for any other hash. */
export function viewOfHash(hash: string): AccountView | null {
  if (hash === '#profil') return { kind: 'profile' };
  const match = /^#profil\/(abonelik|belgeler)\/([1-9]\d{0,11})$/.exec(hash);
  if (!match) return null;
  return { kind: match[1] === SEGMENT.subscription ? 'subscription' : 'companyDocs', id: Number(match[2]) };
}

export function hashOfView(view: AccountView): string {
  return view.kind === 'profile' ? '#profil' : `#profil/${SEGMENT[view.kind]}/${view.id}`;
}

/** The popup ids a view shows, bottom first. */
export function popupIdsOfView(view: AccountView | null): string[] {
  if (!view) return [];
  if (view.kind === 'profile') return ['profile'];
  return ['profile', view.kind === 'subscription' ? `subscription-${view.id}` : `company-docs-${view.id}`];
}

/** Whether a popup belongs to the account views (the sync opens and closes only those). */
export const isAccountPopup = (id: string): boolean => id === 'profile' || /^(subscription|company-docs)-\d+$/.test(id);

/** The view under a popup when it closes: the profile under a detail, nothing under the profile. */
export function viewWithout(view: AccountView, popupId: string): AccountView | null {
  return popupId === 'profile' || view.kind === 'profile' ? null : { kind: 'profile' };
}
