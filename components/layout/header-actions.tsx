'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { preloadInquiry, useInquiryPopup } from '@/components/account/inquiry-popup';
import { preloadLoginSteps, useLoginPopup } from '@/components/account/login-popup';
import { preloadContactForm, useContactForm } from '@/components/popups/contact-popup';
import { preloadProfile, useProfilePopup } from '@/components/profile/profile-popup';
import { useCurrentUser } from '@/components/session/session-provider';

/** 'İletişim Formu': opens the contact popup. */
export function HeaderContact({ className }: { className?: string }) {
  const t = useTranslations('header');
  const openContactForm = useContactForm();
  return (
    <button
      type="button"
      className={className}
      data-focus-return="header-contact"
      onPointerEnter={preloadContactForm}
      onFocus={preloadContactForm}
      onClick={() => openContactForm()}
    >
      {t('contact')}
    </button>
  );
}

/** Hashes that open the login popup, so a message or page can link to "log in". */
const LOGIN_HASHES = new Set(['#giris', '#login']);

/**
 * The logged-in customer's name and surname in bold, opening the profile, or 'Başvuru Sorgulama'
 * when logged out (spec §2). The server rendered the user, so the first paint already shows the
 * right one.
 */
export function HeaderAccount({ className, userClassName }: { className?: string; userClassName?: string }) {
  const t = useTranslations('header');
  const { user } = useCurrentUser();
  const openInquiry = useInquiryPopup();
  const openLogin = useLoginPopup();
  const openProfile = useProfilePopup();
  const loggedIn = user !== null;

  useEffect(() => {
    if (loggedIn) return;
    const openFromHash = () => {
      if (!LOGIN_HASHES.has(window.location.hash)) return;
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
      void openLogin();
    };
    openFromHash();
    window.addEventListener('hashchange', openFromHash);
    return () => window.removeEventListener('hashchange', openFromHash);
  }, [loggedIn, openLogin]);

  if (user) {
    const name = `${user.data.name} ${user.data.surname}`;
    return (
      <button
        type="button"
        className={[className, userClassName].filter(Boolean).join(' ')}
        data-focus-return="header-account"
        aria-haspopup="dialog"
        aria-label={t('profile', { name })}
        onPointerEnter={preloadProfile}
        onFocus={preloadProfile}
        onClick={openProfile}
      >
        {name}
      </button>
    );
  }
  return (
    <button
      type="button"
      className={className}
      data-focus-return="header-account"
      onPointerEnter={preloadInquiry}
      onFocus={() => {
        preloadInquiry();
        preloadLoginSteps();
      }}
      onClick={() => openInquiry()}
    >
      {t('inquiry')}
    </button>
  );
}
