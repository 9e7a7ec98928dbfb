'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Facts } from '@/components/account/facts';
import { ProfileLoading } from '@/components/account/profile-loading';
import { useModemCredentials } from '@/components/account/use-profile';
import styles from '@/components/account/profile.module.css';
import { Button } from '@/components/ui/button';

/**
 * The Modem Info tab: username and password (hidden until revealed), each with a copy button. The
 * credentials are asked for when the tab shows, never carried by a page.
 */
export function ModemInfo({ subscriptionId }: { subscriptionId: number }) {
  const { credentials, failed } = useModemCredentials(subscriptionId);
  if (!credentials) return <ProfileLoading failed={failed} />;
  return <ModemFacts username={credentials.username} password={credentials.password} />;
}

function ModemFacts({ username, password }: { username: string; password: string }) {
  const t = useTranslations('profile.detail');
  const [revealed, setRevealed] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);

  // The confirmation goes after a while, so the next copy is announced again.
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(null), 4000);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async (label: string, value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(t('copied', { label }));
    } catch {
      setCopied(t('copyFailed'));
    }
  };

  const usernameLabel = t('modemUsername');
  const passwordLabel = t('modemPassword');
  return (
    <>
      <Facts
        items={[
          {
            label: usernameLabel,
            value: (
              <span className={styles.secretRow}>
                <code className={styles.secret}>{username}</code>
                <Button variant="secondary" size="small" aria-label={t('copyLabel', { label: usernameLabel })} onClick={() => void copy(usernameLabel, username)}>
                  {t('copy')}
                </Button>
              </span>
            ),
          },
          {
            label: passwordLabel,
            value: (
              <span className={styles.secretRow}>
                {revealed ? (
                  <code className={styles.secret}>{password}</code>
                ) : (
                  <span className={styles.secret}>
                    <span aria-hidden="true">••••••••</span>
                    <span className="visually-hidden">{t('hidden')}</span>
                  </span>
                )}
                <Button variant="secondary" size="small" aria-pressed={revealed} onClick={() => setRevealed((value) => !value)}>
                  {t('reveal')}
                </Button>
                <Button variant="secondary" size="small" aria-label={t('copyLabel', { label: passwordLabel })} onClick={() => void copy(passwordLabel, password)}>
                  {t('copy')}
                </Button>
              </span>
            ),
          },
        ]}
      />
      <p role="status" className={styles.slotStatus}>
        {copied}
      </p>
    </>
  );
}
