'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef } from 'react';
import { CatalogueTexts } from '@/components/ui/catalogue-texts';
import { useLoginPopup } from '@/components/account/login-popup';
import { CompanyDocs, ProfileContent, SubscriptionDetail } from '@/components/account/view-modules';
import { usePopups } from '@/components/popups/popup-provider';
import { useCurrentUser } from '@/components/session/session-provider';
import { ACCOUNT_VIEW_EVENT, leaveAccountView } from '@/lib/account/navigation';
import { companyDocsPopup, isAccountPopup, popupIdsOfView, subscriptionPopup, viewOfHash, viewWithout } from '@/lib/account/views';

/**
 * Keeps the account's popups in step with the URL (lib/account/views.ts), mounted once in the
 * layout: a link or a typed URL opens its view (after the login when logged out), Back and Forward
 * open and close them, and closing a popup takes its view out of the URL.
 */
export function AccountViews() {
  const { latestUser } = useCurrentUser();
  const popups = usePopups();
  const openLogin = useLoginPopup();
  const t = useTranslations('profile');
  const pathname = usePathname();
  const search = useSearchParams().toString();
  /** Popups this component closes itself: their closing is no visitor leaving the view. */
  const closing = useRef(new Set<string>());
  const loggingIn = useRef(false);

  const sync = useCallback(() => {
    const view = viewOfHash(window.location.hash);
    const wanted = popupIdsOfView(view);
    // Read now, not at the last render: a popup whose 'Kapat' led here (onClose below) is already closing.
    const shown = popups.openIds();
    const open = shown.filter(isAccountPopup);
    for (const id of [...open].reverse()) {
      if (wanted.includes(id)) continue;
      closing.current.add(id);
      popups.close(id);
    }
    if (!view) return;
    const customer = latestUser();
    if (!customer) {
      // A login already asked for (an ended session's, with the TC number filled in) comes first.
      if (loggingIn.current || shown.includes('login')) return;
      loggingIn.current = true;
      // The view is the customer's: log in first, then show it; closing the login leaves it.
      void openLogin({ openProfile: false }).then((loggedIn) => {
        loggingIn.current = false;
        if (loggedIn) window.setTimeout(() => window.dispatchEvent(new Event(ACCOUNT_VIEW_EVENT)));
        else leaveAccountView(null);
      });
      return;
    }
    const onClose = (id: string) => () => {
      if (closing.current.delete(id)) return;
      const view = viewOfHash(window.location.hash);
      if (view && popupIdsOfView(view).includes(id)) leaveAccountView(viewWithout(view, id));
    };
    for (const id of wanted) {
      if (open.includes(id)) continue;
      if (id === 'profile') {
        popups.open({
          id,
          size: 'full',
          title: t('title'),
          onClose: onClose(id),
          render: ({ close }) => (
            <CatalogueTexts>
              <ProfileContent close={close} />
            </CatalogueTexts>
          ),
        });
        continue;
      }
      // Every view above the profile is one subscription's: its details, its company documents or both.
      const subscriptionId = view.kind === 'profile' ? 0 : view.id;
      if (id === subscriptionPopup(subscriptionId)) {
        const name = customer.subscriptions.find((item) => item.subscription_id === subscriptionId)?.data.product.name;
        popups.open({
          id,
          size: 'big',
          title: name ? t('detail.title', { name }) : t('detail.titleUnknown'),
          onClose: onClose(id),
          render: () => (
            <CatalogueTexts>
              <SubscriptionDetail subscriptionId={subscriptionId} />
            </CatalogueTexts>
          ),
        });
      } else if (id === companyDocsPopup(subscriptionId)) {
        popups.open({
          id,
          size: 'big',
          title: t('companyDocs.title'),
          onClose: onClose(id),
          render: () => (
            <CatalogueTexts>
              <CompanyDocs subscriptionId={subscriptionId} />
            </CatalogueTexts>
          ),
        });
      }
    }
  }, [popups, openLogin, t, latestUser]);

  // Also after each navigation of Next's router, which writes the history without an event: the
  // wizard's finish line goes to '/#profil'.
  useEffect(() => {
    sync();
  }, [sync, pathname, search]);

  useEffect(() => {
    window.addEventListener(ACCOUNT_VIEW_EVENT, sync);
    window.addEventListener('popstate', sync);
    window.addEventListener('hashchange', sync);
    return () => {
      window.removeEventListener(ACCOUNT_VIEW_EVENT, sync);
      window.removeEventListener('popstate', sync);
      window.removeEventListener('hashchange', sync);
    };
  }, [sync]);

  return null;
}
