import { setRequestLocale } from 'next-intl/server';
import { AccessibilityStatement } from '@/components/legal/accessibility-statement';
import { pageMetadataOf } from '@/lib/i18n/metadata';
import { localeOf } from '@/lib/i18n/locale';

export const generateMetadata = pageMetadataOf('/erisilebilirlik');

/** The accessibility statement (the footer links here): a public page, cached like the others. */
export default async function AccessibilityPage({ params }: PageProps<'/[locale]/erisilebilirlik'>) {
  setRequestLocale(localeOf((await params).locale));
  return <AccessibilityStatement />;
}
