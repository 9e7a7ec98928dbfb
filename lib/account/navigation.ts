import { type AccountView, hashOfView } from '@/lib/account/views';

/**
 * Moving between the account's views in the browser: the URL is the state (lib/account/views.ts)
 * and components/account/account-views.tsx, mounted once, opens and closes the popups after it.
 * Here, importing no component, so any part of the account can open a view without importing the
 * component that renders them all.
 */

/** Tells the mounted AccountViews that the URL's view changed without a browser event. */
export const ACCOUNT_VIEW_EVENT = 'ob:account-view';

// History entries are written without Next's own fields: Next's router copies those itself, and
// ignores (and on its next refresh undoes) a change whose state already carries them.

/** Shows an account view: a new history entry (Back closes it), or the same one when it already shows. */
export function showAccountView(view: AccountView): void {
  const hash = hashOfView(view);
  if (window.location.hash !== hash) window.history.pushState({ accountView: true }, '', hash);
  window.dispatchEvent(new Event(ACCOUNT_VIEW_EVENT));
}

/** One level out of the views: back through the entry we added, else the URL replaced in place. */
export function leaveAccountView(to: AccountView | null): void {
  if (window.history.state?.accountView) {
    window.history.back();
    return;
  }
  const { pathname, search } = window.location;
  window.history.replaceState(null, '', to ? hashOfView(to) : `${pathname}${search}`);
  window.dispatchEvent(new Event(ACCOUNT_VIEW_EVENT));
}
