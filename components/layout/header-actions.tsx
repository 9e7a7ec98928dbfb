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
export function HeaderAccount({
  className,
  userClassName,
  compactClassName,
  fullClassName,
}: {
  className?: string;
  userClassName?: string;
  /** Shown on a phone only: the person icon in place of 'Başvuru Sorgulama'. */
  compactClassName?: string;
  /** Left out of sight on a phone, still read out: the surname, 'Başvuru Sorgulama'. */
  fullClassName?: string;
}) {
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
        {user.data.name}
        <span className={fullClassName}> {user.data.surname}</span>
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
      <svg className={compactClassName} aria-hidden="true" focusable="false" width="22" height="22" viewBox="0 0 22 22">
        <circle cx="11" cy="7" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M3 20c1.2-4 4.3-6 8-6s6.8 2 8 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className={fullClassName}>{t('inquiry')}</span>
    </button>
  );
}
