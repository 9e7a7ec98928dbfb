'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { lazyPopupContent } from '@/components/popups/lazy-content';
import { useNotify } from '@/components/popups/notifications';
import { usePopups } from '@/components/popups/popup-provider';
import { useProfilePopup } from '@/components/account/profile-popup';
import type { SessionUser } from '@/lib/api/types';
import type { LoginPopupOptions, PopupOpeners } from '@/lib/popups/openers';

const login = lazyPopupContent(
  () => import('@/components/account/login-steps'),
  (module) => module.LoginSteps,
);

const LoginContent = login.Content;

/** Starts loading the login steps' code and texts (on hover or focus of a button that opens them). */
export const preloadLoginSteps = login.preload;

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
            <LoginContent
              key={key}
              initialNationalityNumber={nationalityNumber}
              onSuccess={(user) => {
                loggedIn = user;
                close();
                notify.toast(t('welcome', { name: `${user.data.name} ${user.data.surname}` }), { type: 'success', id: 'welcome' });
                if (openProfile) openProfileNow();
              }}
            />
          ),
        });
      }),
    [open, notify, openProfileNow, t],
  );
}
