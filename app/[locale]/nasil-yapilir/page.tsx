import { getTranslations, setRequestLocale } from 'next-intl/server';
import { HowToSteps, howToStepNumbers } from '@/components/how-to/how-to-steps';
import { pageMetadataOf } from '@/lib/i18n/metadata';
import { localeOf } from '@/lib/i18n/locale';

export const generateMetadata = pageMetadataOf('/nasil-yapilir');

export default async function HowToPage({ params }: PageProps<'/[locale]/nasil-yapilir'>) {
  const locale = localeOf((await params).locale);
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
