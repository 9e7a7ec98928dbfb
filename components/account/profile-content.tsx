'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { useErrorDialog } from '@/components/popups/dialogs';
import { useNotify } from '@/components/popups/notifications';
import { IdentityPanel } from '@/components/account/identity-panel';
import { ProfileSubscriptions } from '@/components/account/profile-subscriptions';
import styles from '@/components/account/profile.module.css';
import { SubscriberInfo } from '@/components/account/subscriber-info';
import { ProfileLoading } from '@/components/account/profile-loading';
import { Tabs } from '@/components/ui/tabs';
import { useProfile } from '@/components/account/use-profile';
import { useCurrentUser } from '@/components/session/session-provider';
import { Button } from '@/components/ui/button';
import { initials } from '@/lib/domain/format';
import { activeTab, type ProfileTab, profileTabs } from '@/lib/profile/tabs';

/**
 * The tab the customer last chose, for the page's life: the profile opens on it again (after a
 * login that an ended session asked for, say). A logout forgets it.
 */
let lastTab: { userId: number; tab: ProfileTab } | null = null;

/**
 * The profile (spec §2): the summary (initials, #user_id, name, phone), logout and the tabs. While
 * the identity is not sent, in approval or rejected, only the Identity tab is offered.
 */
export function ProfileContent({ close }: { close: () => void }) {
  const t = useTranslations('profile');
  const { user, refresh: refreshSession, logout } = useCurrentUser();
  const { profile, failed, refresh, retry } = useProfile({ onOpen: 'fetch' });
  const showError = useErrorDialog();
  const notify = useNotify();
  const [requested, setRequested] = useState<ProfileTab | undefined>(() => (lastTab && lastTab.userId === user?.user_id ? lastTab.tab : undefined));
  const choose = (tab: ProfileTab) => {
    if (user) lastTab = { userId: user.user_id, tab };
    setRequested(tab);
  };
  const [leaving, setLeaving] = useState(false);

  // Fresh data every time the profile opens: statuses change on the provider's side.
  useEffect(() => {
    refreshSession().catch(() => undefined);
  }, [refreshSession]);

  // Logged out (here or elsewhere) or the session was refused: nothing left to show.
  useEffect(() => {
    if (!user) close();
  }, [user, close]);

  if (!user) return null;

  const fullName = `${user.data.name} ${user.data.surname}`;
  const tabs = profileTabs(user.data.confirm_nationality.status);
  const selected = activeTab(tabs, requested);

  const onLogout = async () => {
    setLeaving(true);
    try {
      await logout();
      lastTab = null;
      notify.toast(t('loggedOut'), { type: 'success', id: 'logged-out' });
      close();
    } catch (error) {
      setLeaving(false);
      void showError(error, { fallback: 'genericShort' });
    }
  };

  return (
    <div className={styles.profile}>
      <div className={styles.summary}>
        <span className={styles.initials} aria-hidden="true">
          {initials(fullName)}
        </span>
        <div className={styles.who}>
          <p className={styles.fullName}>{fullName}</p>
          <p className={styles.meta}>
            <span className="visually-hidden">{t('userId')}: </span>#{user.user_id}
          </p>
          <p className={styles.meta}>
            <span className="visually-hidden">{t('phone')}: </span>
            {profile?.data.phone}
          </p>
        </div>
        <Button variant="secondary" className={styles.logout} disabled={leaving} onClick={() => void onLogout()}>
          {t('logout')}
        </Button>
      </div>
      <Tabs label={t('tabsLabel')} items={tabs.map((key) => ({ key, label: t(`tabs.${key}`) }))} selected={selected} onSelect={choose} autoFocus>
        {!profile ? <ProfileLoading failed={failed} onRetry={retry} /> : null}
        {profile && selected === 'subscriptions' ? <ProfileSubscriptions user={profile} /> : null}
        {profile && selected === 'subscriber' ? <SubscriberInfo user={profile} /> : null}
        {profile && selected === 'identity' ? <IdentityPanel identity={profile.data.confirm_nationality} onUploaded={refresh} /> : null}
      </Tabs>
    </div>
  );
}
