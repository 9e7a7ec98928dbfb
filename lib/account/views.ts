/**
 * The customer's account views as URLs (the page's hash, so any page can show them and the page
 * cache never sees them): the profile, a subscription's details, a corporate subscription's
 * company documents (from the profile's list, or from the details' Customer Info tab, above them).
 * A link opens a view, Back closes it. Each view is a stack of popups, the profile at the bottom.
 */
export type AccountView =
  | { kind: 'profile' }
  | { kind: 'subscription'; id: number }
  | { kind: 'companyDocs'; id: number; overDetail?: boolean };

const ID = '([1-9]\\d{0,11})';
const SUBSCRIPTION = new RegExp(`^#profil/abonelik/${ID}$`);
const DOCS = new RegExp(`^#profil/belgeler/${ID}$`);
const DOCS_OVER_DETAIL = new RegExp(`^#profil/abonelik/${ID}/belgeler$`);

/** '#profil', '#profil/abonelik/12', '#profil/belgeler/12', '#profil/abonelik/12/belgeler'; null for any other hash. */
export function viewOfHash(hash: string): AccountView | null {
  if (hash === '#profil') return { kind: 'profile' };
  let match = SUBSCRIPTION.exec(hash);
  if (match) return { kind: 'subscription', id: Number(match[1]) };
  match = DOCS.exec(hash);
  if (match) return { kind: 'companyDocs', id: Number(match[1]) };
  match = DOCS_OVER_DETAIL.exec(hash);
  if (match) return { kind: 'companyDocs', id: Number(match[1]), overDetail: true };
  return null;
}

export function hashOfView(view: AccountView): string {
  if (view.kind === 'profile') return '#profil';
  if (view.kind === 'subscription') return `#profil/abonelik/${view.id}`;
  return view.overDetail ? `#profil/abonelik/${view.id}/belgeler` : `#profil/belgeler/${view.id}`;
}

export const subscriptionPopup = (id: number) => `subscription-${id}`;
export const companyDocsPopup = (id: number) => `company-docs-${id}`;

/** The popup ids a view shows, bottom first. */
export function popupIdsOfView(view: AccountView | null): string[] {
  if (!view) return [];
  if (view.kind === 'profile') return ['profile'];
  if (view.kind === 'subscription') return ['profile', subscriptionPopup(view.id)];
  return view.overDetail ? ['profile', subscriptionPopup(view.id), companyDocsPopup(view.id)] : ['profile', companyDocsPopup(view.id)];
}

/** Whether a popup belongs to the account views (the sync opens and closes only those). */
export const isAccountPopup = (id: string): boolean => id === 'profile' || /^(subscription|company-docs)-\d+$/.test(id);

/** The view one level out: the details under their company documents, the profile under a detail. */
function parentOf(view: AccountView): AccountView | null {
  if (view.kind === 'profile') return null;
  if (view.kind === 'companyDocs' && view.overDetail) return { kind: 'subscription', id: view.id };
  return { kind: 'profile' };
}

/** The view left when one of its popups closes: the nearest one out that no longer shows it. */
export function viewWithout(view: AccountView, popupId: string): AccountView | null {
  let rest: AccountView | null = view;
  while (rest && popupIdsOfView(rest).includes(popupId)) rest = parentOf(rest);
  return rest;
}
