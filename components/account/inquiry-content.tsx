'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import styles from '@/components/account/account.module.css';
import { ApplicationList } from '@/components/account/application-list';
import { LoginSteps } from '@/components/account/login-steps';
import { useCurrentUser } from '@/components/session/session-provider';

/**
 * The application inquiry (docs/decisions/0010-where-the-spec-is-silent.md): TC kimlik no, the SMS
 * login steps, then the
 * applications and their status labels. It is the same login, so the visitor is logged in after.
 */
export function InquiryContent() {
  const t = useTranslations('inquiry');
  const { user } = useCurrentUser();
  const [justLoggedIn, setJustLoggedIn] = useState(false);
  if (user) return <ApplicationList subscriptions={user.subscriptions} focusOnMount={justLoggedIn} />;
  return (
    <>
      <p className={styles.lead}>{t('lead')}</p>
      <LoginSteps onSuccess={() => setJustLoggedIn(true)} />
    </>
  );
}
