import type { Metadata, Viewport } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { hasLocale, NextIntlClientProvider } from 'next-intl';
import { getMessages, setRequestLocale } from 'next-intl/server';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { getConfig } from '@/lib/config';
import { clientMessages } from '@/lib/i18n/client-messages';
import { languageTags, routing } from '@/lib/i18n/routing';
import '@/app/globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const { siteName, siteUrl } = getConfig();
  return {
    title: { template: `%s | ${siteName}`, default: siteName },
    applicationName: siteName,
    metadataBase: new URL(siteUrl ?? 'http://localhost:3000'),
  };
}

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#0b4fa3',
};

export default async function LocaleLayout({ children, params }: LayoutProps<'/[locale]'>) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  // Rendered per request: the CSP nonce is applied at render time and the header reads the session.
  await connection();
  const messages = await getMessages();
  const { siteName } = getConfig();

  return (
    <html lang={languageTags[locale]}>
      <body>
        <NextIntlClientProvider messages={clientMessages(messages)}>
          <SiteHeader siteName={siteName} />
          <main id="content" tabIndex={-1}>
            {children}
          </main>
          <SiteFooter siteName={siteName} />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}


