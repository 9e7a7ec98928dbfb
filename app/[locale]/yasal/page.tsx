import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { LegalTexts } from '@/components/legal/legal-texts';
import { getConfig } from '@/lib/config';
import { pageMetadata } from '@/lib/i18n/metadata';
import { localeOf } from '@/lib/i18n/locale';

export async function generateMetadata({ params }: PageProps<'/[locale]/yasal'>): Promise<Metadata> {
  const locale = localeOf((await params).locale);
  const t = await getTranslations({ locale, namespace: 'metadata' });
  return pageMetadata({
    locale,
    pathname: '/yasal',
    title: t('legalTitle'),
    description: t('legalDescription'),
    siteName: getConfig().siteName,
  });
}

/** The provider's details and the consents' full texts (the footer links here): a public page, cached like the others. */
export default async function LegalPage({ params }: PageProps<'/[locale]/yasal'>) {
  setRequestLocale(localeOf((await params).locale));
  return <LegalTexts />;
}
