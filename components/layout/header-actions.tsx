'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { usePopup, usePreloadPopup } from '@/components/popups/registry';
import { useCurrentUser } from '@/components/session/session-provider';

/** 'İletişim Formu': opens the contact popup. */
export function HeaderContact({ className }: { className?: string }) {
  const t = useTranslations('header');
  const openContactForm = usePopup('contactForm');
  const preloadPopup = usePreloadPopup();
  return (
    <button
      type="button"
      className={className}
      data-focus-return="header-contact"
      onPointerEnter={() => preloadPopup('contactForm')}
      onFocus={() => preloadPopup('contactForm')}
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
  const openInquiry = usePopup('inquiry');
  const openLogin = usePopup('login');
  const openProfile = usePopup('profile');
  const preloadPopup = usePreloadPopup();
  const loggedIn = user !== null;

  useEffect(() => {
    if (loggedIn) return;
    const openFromHash = () => {
      if (!LOGIN_HASHES.has(window.location.hash)) return;
      window.history.replaceState(null, '', window.location.pathname + window.location.search);
      void openLogin();
    };
    // Next's router learns of a URL change only after its own effect, which runs after this one;
    // a URL it missed would come back with its next refresh (after the login, say).
    queueMicrotask(openFromHash);
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
        onPointerEnter={() => preloadPopup('profile')}
        onFocus={() => preloadPopup('profile')}
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
      onPointerEnter={() => preloadPopup('inquiry')}
      onFocus={() => {
        preloadPopup('inquiry');
        preloadPopup('login');
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
