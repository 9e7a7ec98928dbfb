'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { useLoginPopup } from '@/components/account/login-popup';
import { useNotify } from '@/components/popups/notifications';
import { usePopupStack } from '@/components/popups/popup-provider';
import { useCurrentUser } from '@/components/session/session-provider';
import { SESSION_EXPIRED_EVENT } from '@/lib/api/api-error';

/**
 * When any call finds the customer's session over (its token refused upstream,
 * docs/decisions/0010-where-the-spec-is-silent.md), the
 * header stops showing the name at once and the login popup opens with the TC number filled in.
 * Nothing else moves: the wizard keeps its step and what was typed, and an open profile opens
 * afresh once the person is logged in again. Mounted once in the locale layout.
 */
export function SessionExpiry() {
  const t = useTranslations('errors');
  const { user, expire } = useCurrentUser();
  const openLogin = useLoginPopup();
  const notify = useNotify();
  const { stack } = usePopupStack();
  // Read by the event handler, which must see the state at the moment the session ended.
  const latest = useRef({ user, profileOpen: false });
  useEffect(() => {
    latest.current = { user, profileOpen: stack.some((entry) => entry.id === 'profile') };
  }, [user, stack]);

  useEffect(() => {
    const onExpired = () => {
      const { user: customer, profileOpen } = latest.current;
      // Once per session: the calls that fail with it after the first change nothing.
      if (!customer) return;
      latest.current = { user: null, profileOpen };
      expire();
      notify.toast(t('sessionExpired'), { type: 'warning', id: 'session-expired' });
      void openLogin({ nationalityNumber: customer.data.nationality_number, openProfile: profileOpen });
    };
    window.addEventListener(SESSION_EXPIRED_EVENT, onExpired);
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired);
  }, [expire, notify, openLogin, t]);

  return null;
}
