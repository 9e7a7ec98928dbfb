'use client';

import type { Messages } from 'next-intl';
import { NextIntlClientProvider, useLocale, useMessages } from 'next-intl';
import { type ReactNode, use } from 'react';
import { localeOfPath } from '@/lib/i18n/crash-texts';
import type { Locale } from '@/lib/i18n/routing';

/** The catalogue of a language, loaded once per page and only when a text pages do not carry is first shown. */
const catalogues = new Map<Locale, Promise<Messages>>();

function loadCatalogue(locale: Locale): Promise<Messages> {
  let catalogue = catalogues.get(locale);
  if (!catalogue) {
    catalogue = (locale === 'en' ? import('@/messages/en.json') : import('@/messages/tr.json')).then((module) => module.default as Messages);
    // A failed load (the network) is tried again the next time.
    catalogue.catch(() => catalogues.delete(locale));
    catalogues.set(locale, catalogue);
  }
  return catalogue;
}

/** Starts loading the page language's catalogue (with the code that will show its texts, on hover or focus). */
export function preloadCatalogue(): void {
  loadCatalogue(localeOfPath(window.location.pathname)).catch(() => undefined);
}

/**
 * The whole of one namespace of messages/*.json for what it wraps. Pages carry only part of some
 * namespaces (lib/i18n/client-messages.ts: of the customer area, its popups' titles; of the consents,
 * everything but their full texts); the rest arrives with the code that shows it, and the popup around
 * it shows its loading state meanwhile.
 */
export function CatalogueTexts({ namespace, children }: { namespace: 'profile' | 'consents'; children: ReactNode }) {
  const locale = useLocale();
  const messages = useMessages();
  const catalogue = use(loadCatalogue(locale));
  return (
    <NextIntlClientProvider locale={locale} messages={{ ...messages, [namespace]: catalogue[namespace] }}>
      {children}
    </NextIntlClientProvider>
  );
}
