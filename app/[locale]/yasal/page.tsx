import { setRequestLocale } from 'next-intl/server';
import { LegalTexts } from '@/components/legal/legal-texts';
import { pageMetadataOf } from '@/lib/i18n/metadata';
import { localeOf } from '@/lib/i18n/locale';

export const generateMetadata = pageMetadataOf('/yasal');

/** The provider's details and the consents' full texts (the footer links here): a public page, cached like the others. */
export default async function LegalPage({ params }: PageProps<'/[locale]/yasal'>) {
  setRequestLocale(localeOf((await params).locale));
  return <LegalTexts />;
}
