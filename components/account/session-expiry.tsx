'use client';

import { useTranslations } from 'next-intl';
import { useLayoutEffect, useRef } from 'react';
import { useLoginPopup } from '@/components/account/login-popup';
import { useNotify } from '@/components/popups/notifications';
import { usePopups } from '@/components/popups/popup-provider';
import { useEndedSession } from '@/components/session/session-provider';

/**
 * When the server ends the customer's session (its token refused upstream,
 * docs/decisions/0010-where-the-spec-is-silent.md), the session provider has already stopped
 * showing the name everywhere; this asks for the login again, once per end, with the TC number
 * filled in. Nothing else moves: the wizard keeps its step and what was typed, and an open profile
 * opens afresh once the person is logged in again. Mounted once in the locale layout.
 */
export function SessionExpiry() {
  const t = useTranslations('errors');
  const ended = useEndedSession();
  const openLogin = useLoginPopup();
  const notify = useNotify();
  const popups = usePopups();
  const told = useRef<number | null>(null);

  // A layout effect: the popup stack is read before the profile's own effect closes it (it shows
  // nothing without a user), so the profile comes back after the login.
  useLayoutEffect(() => {
    if (!ended || told.current === ended.generation) return;
    told.current = ended.generation;
    notify.toast(t('sessionExpired'), { type: 'warning', id: 'session-expired' });
    void openLogin({ nationalityNumber: ended.nationalityNumber, openProfile: popups.openIds().includes('profile') });
  }, [ended, notify, openLogin, popups, t]);

  return null;
}
