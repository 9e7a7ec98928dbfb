import { setRequestLocale } from 'next-intl/server';
import { CookieNotice } from '@/components/legal/cookie-notice';
import { pageMetadataOf } from '@/lib/i18n/metadata';
import { localeOf } from '@/lib/i18n/locale';

export const generateMetadata = pageMetadataOf('/cerezler');

/** The cookie notice (the footer links here): a public page, cached like the others. */
export default async function CookiesPage({ params }: PageProps<'/[locale]/cerezler'>) {
  setRequestLocale(localeOf((await params).locale));
  return <CookieNotice />;
}
