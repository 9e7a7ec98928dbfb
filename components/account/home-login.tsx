'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import styles from '@/components/account/account.module.css';
import { useNotify } from '@/components/popups/notifications';
import { useProfilePopup } from '@/components/profile/profile-popup';
import { useCurrentUser } from '@/components/session/session-provider';
import { Card } from '@/components/ui/card';

/** Holds the form's place while its code loads, so nothing below moves. */
function LoginPlaceholder() {
  return <div className={styles.placeholder} aria-hidden="true" />;
}

// The form's code (react-hook-form, zod, masks) loads after the page: the first load stays small.
const LoginSteps = dynamic(() => import('@/components/account/login-steps').then((module) => module.LoginSteps), {
  ssr: false,
  loading: LoginPlaceholder,
});

/** The home page's login for returning customers (spec §2): shown only when nobody is logged in. */
export function HomeLogin() {
  const t = useTranslations('login');
  const notify = useNotify();
  const openProfile = useProfilePopup();
  const { user } = useCurrentUser();
  if (user) return null;
  return (
    <Card as="section" className={styles.homeLogin} aria-labelledby="home-login-heading">
      <h2 id="home-login-heading">{t('homeHeading')}</h2>
      <p className={styles.lead}>{t('homeText')}</p>
      <LoginSteps
        onSuccess={(loggedIn) => {
          notify.toast(t('welcome', { name: `${loggedIn.data.name} ${loggedIn.data.surname}` }), { type: 'success', id: 'welcome' });
          // This form is gone now; the page below takes focus rather than the document body.
          document.getElementById('content')?.focus({ preventScroll: true });
          openProfile();
        }}
      />
    </Card>
  );
}
