'use client';

import { useTranslations } from 'next-intl';
import { ApplicationList } from '@/components/account/application-list';
import { usePopups } from '@/components/popups/popup-provider';
import { useCompanyDocsPopup } from '@/components/account/company-docs';
import styles from '@/components/account/profile.module.css';
import { useSubscriptionDetail } from '@/components/account/subscription-detail';
import { Button, linkClass } from '@/components/ui/button';
import { Stepper } from '@/components/ui/stepper';
import type { Subscription, User } from '@/lib/api/types';
import { isCorporate, nextStepKey, statusTimeline } from '@/lib/domain/subscription';
import { Link } from '@/lib/i18n/navigation';

/**
 * The Subscriptions tab: newest first with the status label (the inquiry's list), and for each a
 * status timeline, what the customer does next and the way to its details.
 */
export function ProfileSubscriptions({ user }: { user: User }) {
  const t = useTranslations('profile.subscriptions');
  return (
    <div className={styles.section}>
      <ApplicationList
        subscriptions={user.subscriptions}
        heading={t('heading')}
        renderExtra={(subscription) => <SubscriptionProgress subscription={subscription} identityStatus={user.data.confirm_nationality.status} />}
      />
    </div>
  );
}

function SubscriptionProgress({ subscription, identityStatus }: { subscription: Subscription; identityStatus: number }) {
  const t = useTranslations('profile');
  const s = useTranslations('subscription');
  const { closeAll } = usePopups();
  const openDetail = useSubscriptionDetail();
  const openCompanyDocs = useCompanyDocsPopup();
  const timeline = statusTimeline(subscription.status);
  const onLine = timeline.some((stage) => stage.state !== 'upcoming');
  const current = timeline.findIndex((stage) => stage.state === 'current');
  const next = nextStepKey(subscription.status, identityStatus);
  const docsStatus = isCorporate(subscription) ? subscription.data.customer.company?.docs.status : undefined;
  const { name } = subscription.data.product;

  return (
    <div className={styles.itemProgress}>
      {onLine ? (
        <Stepper
          label={t('subscriptions.timeline')}
          steps={timeline.map((stage) => s(`status.${stage.stage}`))}
          current={current === -1 ? timeline.length : current}
        />
      ) : null}
      <p className={styles.nextStep}>
        <strong>{t('subscriptions.nextStep')}:</strong> {t(`nextStep.${next}`)}
        {next === 'approveOnEGovernment' ? (
          <>
            {' '}
            <Link href="/nasil-yapilir" onClick={closeAll}>
              {t('subscriptions.howTo')}
            </Link>
          </>
        ) : null}
      </p>
      {docsStatus === 0 || docsStatus === 3 ? (
        <p className={styles.nextStep}>
          {t(docsStatus === 0 ? 'nextStep.companyDocsNotSent' : 'nextStep.companyDocsRejected')}{' '}
          <button type="button" className={linkClass({ action: true })} aria-haspopup="dialog" onClick={() => openCompanyDocs(subscription.subscription_id)}>
            {t('subscriptions.companyDocs')}
          </button>
        </p>
      ) : null}
      <div className={styles.itemActions}>
        <Button variant="secondary" size="small" aria-haspopup="dialog" onClick={() => openDetail(subscription)}>
          {t('subscriptions.details')}
          <span className="visually-hidden">: {name}{subscription.service_number ? ` (${subscription.service_number})` : ''}</span>
        </Button>
      </div>
    </div>
  );
}
