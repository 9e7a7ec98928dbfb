import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { CampaignBanner } from '@/components/home/campaign-banner';
import { HomeChoices } from '@/components/home/home-choices';
import { getConfig } from '@/lib/config';
import { pageMetadata } from '@/lib/i18n/metadata';
import type { Locale } from '@/lib/i18n/routing';
import { getSettings } from '@/lib/settings';

export async function generateMetadata({ params }: PageProps<'/[locale]'>): Promise<Metadata> {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'metadata' });
  return pageMetadata({
    locale,
    pathname: '/',
    title: t('homeTitle'),
    description: t('homeDescription'),
    siteName: getConfig().siteName,
  });
}

export default async function HomePage({ params }: PageProps<'/[locale]'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const settings = await getSettings();
  return (
    <div className="container">
      <HomeChoices />
      <CampaignBanner campaign={settings?.data.campaign ?? null} />
    </div>
  );
}
