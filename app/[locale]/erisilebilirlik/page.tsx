import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AccessibilityStatement } from '@/components/legal/accessibility-statement';
import { getConfig } from '@/lib/config';
import { pageMetadata } from '@/lib/i18n/metadata';
import { localeOf } from '@/lib/i18n/locale';

export async function generateMetadata({ params }: PageProps<'/[locale]/erisilebilirlik'>): Promise<Metadata> {
  const locale = localeOf((await params).locale);
  const t = await getTranslations({ locale, namespace: 'metadata' });
  return pageMetadata({
    locale,
    pathname: '/erisilebilirlik',
    title: t('accessibilityTitle'),
    description: t('accessibilityDescription'),
    siteName: getConfig().siteName,
  });
}

/** The accessibility statement (the footer links here): a public page, cached like the others. */
export default async function AccessibilityPage({ params }: PageProps<'/[locale]/erisilebilirlik'>) {
  setRequestLocale(localeOf((await params).locale));
  return <AccessibilityStatement />;
}
