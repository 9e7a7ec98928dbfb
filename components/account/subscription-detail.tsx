'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useState } from 'react';
import { showAccountView } from '@/lib/account/navigation';
import { useCompanyDocsPopup } from '@/components/account/company-docs';
import { DocumentLink } from '@/components/account/document-link';
import { type Fact, Facts } from '@/components/account/facts';
import { ModemInfo } from '@/components/account/modem-info';
import styles from '@/components/account/profile.module.css';
import { reviewTones } from '@/components/account/review-tone';
import { StatusPill } from '@/components/account/status-pill';
import { subscriptionTone } from '@/components/account/subscription-tone';
import { Tabs } from '@/components/ui/tabs';
import { ProfileLoading } from '@/components/account/profile-loading';
import { useProfile } from '@/components/account/use-profile';
import { Button } from '@/components/ui/button';
import { useMoney, useTurkishData } from '@/components/ui/page-language';
import type { Subscription } from '@/lib/api/types';
import { acceptedDocumentsUrl } from '@/lib/documents/url';
import { formatDate } from '@/lib/domain/format';
import { applicationTypeKey, contractUrl, isCorporate, subscriptionStatusKey, subscriptionTypeKey } from '@/lib/domain/subscription';
import { formatAddress } from '@/lib/profile/address';
import { reviewStatusKey } from '@/lib/profile/review';
import { activeTab, type DetailTab, detailTabs } from '@/lib/profile/tabs';
import { NoSubscription } from '@/components/account/no-subscription';

/** Opens a subscription's details above the profile, at their own URL (`#profil/abonelik/<id>`). */
export function useSubscriptionDetail() {
  return useCallback((subscription: Pick<Subscription, 'subscription_id'>) => showAccountView({ kind: 'subscription', id: subscription.subscription_id }), []);
}

/**
 * The detail tabs of spec §2: Subscription Info, Customer Info, Tariff Info and, at status 200
 * with credentials, Modem Info. Reads the subscription from the session, so it stays current.
 */
export function SubscriptionDetail({ subscriptionId }: { subscriptionId: number }) {
  const t = useTranslations('profile.detail');
  const { profile, failed, retry } = useProfile();
  const [requested, setRequested] = useState<DetailTab>();
  if (!profile) return <ProfileLoading failed={failed} onRetry={retry} />;
  const subscription = profile.subscriptions.find((item) => item.subscription_id === subscriptionId);
  if (!subscription) {
    return (
      <NoSubscription />
    );
  }

  const tabs = detailTabs(subscription);
  const selected = activeTab(tabs, requested);
  return (
    <Tabs label={t('tabsLabel')} items={tabs.map((key) => ({ key, label: t(`tabs.${key}`) }))} selected={selected} onSelect={setRequested} autoFocus>
      {selected === 'subscription' ? <SubscriptionInfo subscription={subscription} /> : null}
      {selected === 'customer' ? <CustomerInfo subscription={subscription} /> : null}
      {selected === 'tariff' ? <TariffInfo subscription={subscription} /> : null}
      {selected === 'modem' && subscription.data.auth_params ? <ModemInfo subscriptionId={subscription.subscription_id} /> : null}
    </Tabs>
  );
}

function SubscriptionInfo({ subscription }: { subscription: Subscription }) {
  const t = useTranslations('profile.detail');
  const s = useTranslations('subscription');
  const turkish = useTurkishData();
  const status = subscriptionStatusKey(subscription.status);
  const contract = contractUrl(subscription);
  return (
    <Facts
      items={[
        { label: t('serviceNumber'), value: subscription.service_number || t('noServiceNumber') },
        { label: t('registerDate'), value: formatDate(subscription.info.register_date) },
        { label: t('applicationType'), value: s(`type.${applicationTypeKey(subscription.data.reference_type)}`) },
        { label: t('bbk'), value: subscription.data.bbk },
        { label: t('address'), value: <span lang={turkish}>{formatAddress(subscription.data.address)}</span> },
        { label: t('status'), value: <StatusPill tone={subscriptionTone(status)}>{s(`status.${status}`)}</StatusPill> },
        {
          label: t('contract'),
          value: contract ? (
            <DocumentLink link={{ data: { url: contract } }} label={subscription.signed_contract?.data?.url ? t('signedContract') : t('unsignedContract')} />
          ) : (
            t('noContract')
          ),
        },
        {
          label: t('acceptedTexts'),
          value: (
            <a href={acceptedDocumentsUrl(subscription.subscription_id)} download className={styles.docLink}>
              {t('acceptedTextsLink')}
            </a>
          ),
        },
      ]}
    />
  );
}

function CustomerInfo({ subscription }: { subscription: Subscription }) {
  const t = useTranslations('profile.detail');
  const review = useTranslations('profile.review');
  const openCompanyDocs = useCompanyDocsPopup();
  const { personal, company } = subscription.data.customer;
  const items: Fact[] = [
    { label: t('subscriptionType'), value: t(subscriptionTypeKey(subscription.data.subscription_type)) },
    { label: t('nationalityNumber'), value: personal.nationality_number },
    { label: t('name'), value: personal.name },
    { label: t('surname'), value: personal.surname },
  ];
  if (isCorporate(subscription) && company) {
    const docsKey = reviewStatusKey(company.docs.status);
    items.push(
      { label: t('companyName'), value: company.name },
      { label: t('taxOffice'), value: company.tax_central },
      { label: t('taxNumber'), value: company.tax_number },
      {
        label: t('companyDocs'),
        value: (
          <span className={styles.secretRow}>
            <StatusPill tone={reviewTones[docsKey].pill}>{review(docsKey)}</StatusPill>
            <Button variant="secondary" size="small" aria-haspopup="dialog" onClick={() => openCompanyDocs(subscription.subscription_id, true)}>
              {t('companyDocs')}
            </Button>
          </span>
        ),
      },
    );
  }
  return <Facts items={items} />;
}

function TariffInfo({ subscription }: { subscription: Subscription }) {
  const t = useTranslations('profile.detail');
  const money = useMoney();
  const turkish = useTurkishData();
  const { product } = subscription.data;
  return (
    <Facts
      items={[
        { label: t('tariffName'), value: <span lang={turkish}>{product.name}</span> },
        { label: t('fee'), value: money.price(product.total_price, { decimals: 2 }) },
        { label: t('downloadSpeed'), value: t('speed', { speed: product.speed }) },
        { label: t('uploadSpeed'), value: t('speed', { speed: product.up_speed }) },
        { label: t('tariffLink'), value: <DocumentLink link={{ data: product.url ? { url: product.url } : null }} label={t('tariffLinkText')} /> },
      ]}
    />
  );
}
