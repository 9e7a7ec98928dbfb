'use client';

import { useTranslations } from 'next-intl';
import { lazy, useCallback } from 'react';
import { useNotify } from '@/components/popups/notifications';
import { usePopups } from '@/components/popups/popup-provider';
import { CatalogueTexts, preloadCatalogue } from '@/components/ui/catalogue-texts';
import { useProfilePopup } from '@/components/account/profile-popup';
import type { SessionUser } from '@/lib/api/types';
import type { LoginPopupOptions, PopupOpeners } from '@/lib/popups/openers';

const loadLoginSteps = () => import('@/components/account/login-steps');
export const LazyLoginSteps = lazy(() => loadLoginSteps().then((module) => ({ default: module.LoginSteps })));

/** Starts loading the login steps' code and texts (on hover or focus of a button that opens them). */
export function preloadLoginSteps() {
  void loadLoginSteps();
  preloadCatalogue();
}

let opened = 0;

/**
 * Opens the login popup (spec §2): TC kimlik no, then the SMS code. Answers the user once logged
 * in (the popup closes, the header shows the name and the profile opens), or null when the popup
 * is closed first.
 */
export function useLoginPopup(): PopupOpeners['login'] {
  const { open } = usePopups();
  const notify = useNotify();
  const openProfileNow = useProfilePopup();
  const t = useTranslations('login');
  return useCallback(
    ({ nationalityNumber, openProfile = true }: LoginPopupOptions = {}) =>
      new Promise<SessionUser | null>((resolve) => {
        let loggedIn: SessionUser | null = null;
        const key = ++opened;
        open({
          id: 'login',
          title: t('title'),
          onClose: () => resolve(loggedIn),
          render: ({ close }) => (
            <CatalogueTexts>
              <LazyLoginSteps
                key={key}
                initialNationalityNumber={nationalityNumber}
                onSuccess={(user) => {
                  loggedIn = user;
                  close();
                  notify.toast(t('welcome', { name: `${user.data.name} ${user.data.surname}` }), { type: 'success', id: 'welcome' });
                  if (openProfile) openProfileNow();
                }}
              />
            </CatalogueTexts>
          ),
        });
      }),
    [open, notify, openProfileNow, t],
  );
}
