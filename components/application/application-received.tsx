'use client';

import { useTranslations } from 'next-intl';
import { type ReactNode, useEffect, useRef } from 'react';
import styles from '@/components/application/wizard.module.css';
import { usePopupStack } from '@/components/popups/popup-provider';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Stepper } from '@/components/ui/stepper';
import type { SubscriptionSummary } from '@/lib/api/types';
import { acceptedDocumentsUrl } from '@/lib/documents/url';
import { nextStepKey, statusTimeline } from '@/lib/domain/subscription';

/**
 * The finish line: 'Başvurunuz alındı' with the application's number, the order as it was bought
 * (the summary, as the wizard showed it) and the next steps as the profile's tracker shows them;
 * from here the profile.
 */
export function ApplicationReceived({
  subscription,
  identityStatus,
  order,
  onOpenProfile,
}: {
  /** The application just filed (the customer's newest subscription). */
  subscription: SubscriptionSummary | null;
  identityStatus: number;
  order: ReactNode;
  onOpenProfile: () => void;
}) {
  const t = useTranslations('application.received');
  const tProfile = useTranslations('profile');
  const tStatus = useTranslations('subscription');
  const heading = useRef<HTMLHeadingElement>(null);
  const focused = useRef(false);
  // A popup that led here (the no-code question) may still be closing, with the page behind it inert.
  const popupOpen = usePopupStack().stack.length > 0;

  // The page changed under the person: say so where focus lands, once the popups are gone.
  useEffect(() => {
    if (popupOpen || focused.current) return;
    focused.current = true;
    heading.current?.focus();
  }, [popupOpen]);

  const timeline = subscription ? statusTimeline(subscription.status) : [];
  const current = timeline.findIndex((stage) => stage.state === 'current');
  return (
    <div className={`container ${styles.wizard}`}>
      <div className={styles.layout}>
        <section className={styles.step} aria-labelledby="received-heading">
          <h1 id="received-heading" ref={heading} tabIndex={-1} className={styles.receivedHeading}>
            {t('heading')}
          </h1>
          {subscription ? (
            <p>
              {t('number')} <strong>{subscription.subscription_id}</strong>
              {subscription.service_number ? (
                <>
                  {' · '}
                  {t('serviceNumber')} <strong>{subscription.service_number}</strong>
                </>
              ) : null}
            </p>
          ) : null}
          <p className={styles.lead}>{t('lead')}</p>
          {subscription ? (
            // What was accepted, to keep (docs/decisions/0020-commitment-summary-and-documents.md): a PDF only its customer can fetch.
            <p>
              <a href={acceptedDocumentsUrl(subscription.subscription_id)} download>
                {t('documents')}
              </a>
              <br />
              <span className={styles.muted}>{t('documentsHint')}</span>
            </p>
          ) : null}
          <h3>{t('nextSteps')}</h3>
          {subscription ? (
            <>
              <Stepper label={tProfile('subscriptions.timeline')} steps={timeline.map((stage) => tStatus(`status.${stage.stage}`))} current={current === -1 ? timeline.length : current} />
              <p>
                <strong>{tProfile('subscriptions.nextStep')}:</strong> {tProfile(`nextStep.${nextStepKey(subscription.status, identityStatus)}`)}
              </p>
            </>
          ) : null}
          <ol className={styles.receivedSteps}>
            <li>{t('stepIdentity')}</li>
            <li>{t('stepEGovernment')}</li>
            <li>{t('stepInstallation')}</li>
          </ol>
          <div className={styles.actions}>
            <Button onClick={onOpenProfile}>{t('openProfile')}</Button>
          </div>
        </section>
        {order}
      </div>
    </div>
  );
}

/** The form was filed in another tab of this browser: where to follow it, or home. */
export function FiledElsewhere({ onFollow, onHome }: { onFollow: () => void; onHome: () => void }) {
  const t = useTranslations('application.filedElsewhere');
  return (
    <div className={`container ${styles.wizard}`}>
      <Notice tone="info" title={t('title')} role="alert">
        <p>{t('text')}</p>
        <div className={styles.noticeActions}>
          <Button onClick={onFollow}>{t('follow')}</Button>
          <Button variant="secondary" onClick={onHome}>
            {t('home')}
          </Button>
        </div>
      </Notice>
    </div>
  );
}
