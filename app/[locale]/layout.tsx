import type { Metadata, Viewport } from 'next';
import { connection } from 'next/server';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, setRequestLocale } from 'next-intl/server';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { AccountViews } from '@/components/account/account-views';
import { SessionExpiry } from '@/components/account/session-expiry';
import { InteractionProvider } from '@/components/popups/interaction-provider';
import { SessionProvider } from '@/components/session/session-provider';
import { getConfig } from '@/lib/config';
import { failIfAsked } from '@/lib/crash-hook';
import { clientMessages } from '@/lib/i18n/client-messages';
import { localeOf } from '@/lib/i18n/locale';
import { languageTags } from '@/lib/i18n/routing';
import { getCurrentUser } from '@/lib/session';
import '@/app/globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const { siteName, siteUrl } = getConfig();
  return {
    title: { template: `%s | ${siteName}`, default: siteName },
    applicationName: siteName,
    metadataBase: new URL(siteUrl),
  };
}

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#0b4fa3',
};

export default async function LocaleLayout({ children, params }: LayoutProps<'/[locale]'>) {
  const locale = localeOf((await params).locale);
  setRequestLocale(locale);
  // Rendered per request: the CSP nonce is applied at render time and the header reads the session.
  await connection();
  await failIfAsked('layout');
  const [messages, user] = await Promise.all([getMessages(), getCurrentUser()]);
  const { siteName } = getConfig();

  return (
    <html lang={languageTags[locale]}>
      <body>
        <NextIntlClientProvider messages={clientMessages(messages)}>
          <SessionProvider initialUser={user}>
            <InteractionProvider>
              <SessionExpiry />
              <AccountViews />
              <SiteHeader siteName={siteName} />
              <main id="content" tabIndex={-1}>
                {children}
              </main>
              <SiteFooter siteName={siteName} />
            </InteractionProvider>
          </SessionProvider>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}


