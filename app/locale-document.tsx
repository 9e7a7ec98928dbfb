import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { connection } from 'next/server';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, setRequestLocale } from 'next-intl/server';
import { AccountViews } from '@/components/account/account-views';
import { SessionExpiry } from '@/components/account/session-expiry';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { PopupRegistry } from '@/app/popup-registry';
import { InteractionProvider } from '@/components/popups/interaction-provider';
import { SessionProvider } from '@/components/session/session-provider';
import { FieldVitals } from '@/components/vitals/field-vitals';
import { getConfig } from '@/lib/server/config';
import { failIfAsked } from '@/lib/server/crash-hook';
import { clientMessages } from '@/lib/i18n/client-messages';
import { type Locale, languageTags } from '@/lib/i18n/routing';
import { getCurrentSession } from '@/lib/session/session';

/** What every page of a locale declares in its head: the title template, the app's name and base URL. */
export function documentMetadata(): Metadata {
  const { siteName, siteUrl } = getConfig();
  return {
    title: { template: `%s | ${siteName}`, default: siteName },
    applicationName: siteName,
    metadataBase: new URL(siteUrl),
  };
}

export const documentViewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#0b4fa3',
};

/**
 * The whole document of a page in one language: header, main and footer around `children`, with
 * the client's messages and the customer who is logged in. The locale layout renders it, and so
 * does the 404 page of a path no route matches (app/global-not-found.tsx).
 */
export async function LocaleDocument({ locale, children }: { locale: Locale; children: ReactNode }) {
  setRequestLocale(locale);
  // Rendered per request: the CSP nonce is applied at render time and the header reads the session.
  await connection();
  await failIfAsked('layout');
  const [messages, session] = await Promise.all([getMessages(), getCurrentSession()]);
  const { siteName, metrics, vitalsSampleRate } = getConfig();

  return (
    <html lang={languageTags[locale]}>
      <head>
        {/* No first paint before the parser has reached the main content: a paint of a header
            parsed only in part moved its logo and menu when the rest came in (a slow computer;
            e2e/public-pages.spec.ts). Waiting for the footer too cost a phone's main thread more
            (docs/decisions/0013-first-paint-after-the-header.md). */}
        <link rel="expect" href="#content" blocking="render" />
      </head>
      <body>
        <NextIntlClientProvider messages={clientMessages(messages)}>
          <SessionProvider initialSession={session}>
            {/* Around the popup host too: a popup's content may open another popup by name. */}
            <PopupRegistry>
              <InteractionProvider>
                <SessionExpiry />
                <AccountViews />
                <SiteHeader siteName={siteName} />
                <main id="content" tabIndex={-1}>
                  {children}
                </main>
                <SiteFooter siteName={siteName} />
                {/* Where nothing counts them, no browser sends them. */}
                <FieldVitals sampleRate={metrics ? vitalsSampleRate : 0} />
              </InteractionProvider>
            </PopupRegistry>
          </SessionProvider>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
