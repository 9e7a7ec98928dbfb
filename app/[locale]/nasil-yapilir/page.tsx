import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { HowToSteps, howToStepNumbers } from '@/components/how-to/how-to-steps';
import { getConfig } from '@/lib/config';
import { pageMetadata } from '@/lib/i18n/metadata';
import type { Locale } from '@/lib/i18n/routing';

export async function generateMetadata({ params }: PageProps<'/[locale]/nasil-yapilir'>): Promise<Metadata> {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'metadata' });
  return pageMetadata({
    locale,
    pathname: '/nasil-yapilir',
    title: t('howToTitle'),
    description: t('howToDescription'),
    siteName: getConfig().siteName,
  });
}

export default async function HowToPage({ params }: PageProps<'/[locale]/nasil-yapilir'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const t = await getTranslations('howTo');
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'HowTo',
    name: t('heading'),
    description: t('lead'),
    inLanguage: locale,
    step: howToStepNumbers.map((n) => ({
      '@type': 'HowToStep',
      position: n,
      name: t(`steps.${n}.title`),
      text: t(`steps.${n}.text`),
    })),
  };
  return (
    <>
      <script
        type="application/ld+json"
        // JSON-LD is data, not code; `<` is escaped so no text can close the script element.
        dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }}
      />
      <HowToSteps />
    </>
  );
}
