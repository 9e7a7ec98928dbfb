import { documentMetadata, documentViewport, LocaleDocument } from '@/app/locale-document';
import { localeOf } from '@/lib/i18n/locale';
import '@/app/globals.css';

export const generateMetadata = documentMetadata;
export const viewport = documentViewport;

export default async function LocaleLayout({ children, params }: LayoutProps<'/[locale]'>) {
  return <LocaleDocument locale={localeOf((await params).locale)}>{children}</LocaleDocument>;
}
