'use client';

import { useTranslations } from 'next-intl';
import { lazy, useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useLoginPopup } from '@/components/account/login-popup';
import { ProfileContent } from '@/components/account/profile-popup';
import { usePopups, usePopupStack } from '@/components/popups/popup-provider';
import { useCurrentUser } from '@/components/session/session-provider';
import { type AccountView, hashOfView, isAccountPopup, popupIdsOfView, viewOfHash, viewWithout } from '@/lib/account/views';

// The views' code loads when one is first opened, never with a page.
const SubscriptionDetail = lazy(() => import('@/components/account/subscription-detail').then((module) => ({ default: module.SubscriptionDetail })));
const CompanyDocs = lazy(() => import('@/components/account/company-docs').then((module) => ({ default: module.CompanyDocs })));

const SHOW_EVENT = 'ob:account-view';

/** Shows an account view: a new history entry (Back closes it), or the same one when it already shows. */
export function showAccountView(view: AccountView): void {
  const hash = hashOfView(view);
  if (window.location.hash !== hash) window.history.pushState({ ...window.history.state, accountView: true }, '', hash);
  window.dispatchEvent(new Event(SHOW_EVENT));
}

/** One level out of the views: back through the entry we added, else the URL replaced in place. */
function leaveTo(view: AccountView | null): void {
  if (window.history.state?.accountView) {
    window.history.back();
    return;
  }
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', view ? hashOfView(view) : `${pathname}${search}`);
  window.dispatchEvent(new Event(SHOW_EVENT));
}

/**
 * Keeps the account's popups in step with the URL (lib/account/views.ts), mounted once in the
 * layout: a link or a typed URL opens its view (after the login when logged out), Back and Forward
 * open and close them, and closing a popup takes its view out of the URL.
 */
export function AccountViews() {
  const { user } = useCurrentUser();
  const { stack } = usePopupStack();
  const popups = usePopups();
  const openLogin = useLoginPopup();
  const t = useTranslations('profile');
  // Read by the URL's events, which outlive a render.
  const latest = useRef({ user, open: [] as string[] });
  useLayoutEffect(() => {
    latest.current = { user, open: stack.filter((item) => !item.closing).map((item) => item.id) };
  });
  /** Popups this component closes itself: their closing is no visitor leaving the view. */
  const closing = useRef(new Set<string>());
  const loggingIn = useRef(false);

  const sync = useCallback(() => {
    const view = viewOfHash(window.location.hash);
    const wanted = popupIdsOfView(view);
    const open = latest.current.open.filter(isAccountPopup);
    for (const id of [...open].reverse()) {
      if (wanted.includes(id)) continue;
      closing.current.add(id);
      popups.close(id);
    }
    if (!view) return;
    const customer = latest.current.user;
    if (!customer) {
      if (loggingIn.current) return;
      loggingIn.current = true;
      // The view is the customer's: log in first, then show it; closing the login leaves it.
      void openLogin({ openProfile: false }).then((loggedIn) => {
        loggingIn.current = false;
        if (loggedIn) window.setTimeout(() => window.dispatchEvent(new Event(SHOW_EVENT)));
        else leaveTo(null);
      });
      return;
    }
    const onClose = (id: string) => () => {
      if (closing.current.delete(id)) return;
      const shown = viewOfHash(window.location.hash);
      if (shown && popupIdsOfView(shown).includes(id)) leaveTo(viewWithout(shown, id));
    };
    for (const id of wanted) {
      if (open.includes(id)) continue;
      if (id === 'profile') {
        popups.open({ id, size: 'full', title: t('title'), onClose: onClose(id), render: ({ close }) => <ProfileContent close={close} /> });
      } else if (view.kind === 'subscription') {
        const name = customer.subscriptions.find((item) => item.subscription_id === view.id)?.data.product.name;
        popups.open({
          id,
          size: 'big',
          title: name ? t('detail.title', { name }) : t('detail.titleUnknown'),
          onClose: onClose(id),
          render: () => <SubscriptionDetail subscriptionId={view.id} />,
        });
      } else if (view.kind === 'companyDocs') {
        popups.open({ id, size: 'big', title: t('companyDocs.title'), onClose: onClose(id), render: () => <CompanyDocs subscriptionId={view.id} /> });
      }
    }
  }, [popups, openLogin, t]);

  useEffect(() => {
    sync();
    window.addEventListener(SHOW_EVENT, sync);
    window.addEventListener('popstate', sync);
    window.addEventListener('hashchange', sync);
    return () => {
      window.removeEventListener(SHOW_EVENT, sync);
      window.removeEventListener('popstate', sync);
      window.removeEventListener('hashchange', sync);
    };
  }, [sync]);

  return null;
}
