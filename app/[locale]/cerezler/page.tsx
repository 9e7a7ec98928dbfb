import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { CookieNotice } from '@/components/legal/cookie-notice';
import { getConfig } from '@/lib/config';
import { pageMetadata } from '@/lib/i18n/metadata';
import { localeOf } from '@/lib/i18n/locale';

export async function generateMetadata({ params }: PageProps<'/[locale]/cerezler'>): Promise<Metadata> {
  const locale = localeOf((await params).locale);
  const t = await getTranslations({ locale, namespace: 'metadata' });
  return pageMetadata({
    locale,
    pathname: '/cerezler',
    title: t('cookiesTitle'),
    description: t('cookiesDescription'),
    siteName: getConfig().siteName,
  });
}

/** The cookie notice (the footer links here): a public page, cached like the others. */
export default async function CookiesPage({ params }: PageProps<'/[locale]/cerezler'>) {
  setRequestLocale(localeOf((await params).locale));
  return <CookieNotice />;
}
