'use client';

import type { Messages } from 'next-intl';
import { NextIntlClientProvider, useLocale, useMessages } from 'next-intl';
import { type ReactNode, use } from 'react';
import { localeOfPath } from '@/lib/i18n/crash-texts';
import type { Locale } from '@/lib/i18n/routing';

/** The catalogue of a language, loaded once per page and only when the customer area first opens. */
const catalogues = new Map<Locale, Promise<Messages>>();

function loadCatalogue(locale: Locale): Promise<Messages> {
  let catalogue = catalogues.get(locale);
  if (!catalogue) {
    catalogue = (locale === 'en' ? import('@/messages/en.json') : import('@/messages/tr.json')).then((module) => module.default as Messages);
    // A failed load (the network) is tried again the next time the area opens.
    catalogue.catch(() => catalogues.delete(locale));
    catalogues.set(locale, catalogue);
  }
  return catalogue;
}

/** Starts loading the customer area's texts (with its code, on hover or focus of what opens it). */
export function preloadAccountTexts(): void {
  loadCatalogue(localeOfPath(window.location.pathname)).catch(() => undefined);
}

/**
 * The customer area's texts (`profile` in messages/*.json) for what it wraps. Pages carry only the
 * area's popup titles (lib/i18n/client-messages.ts); the rest arrives with the area's code, which
 * the popup shows its loading state for.
 */
export function AccountTexts({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const messages = useMessages();
  const { profile } = use(loadCatalogue(locale));
  return (
    <NextIntlClientProvider locale={locale} messages={{ ...messages, profile }}>
      {children}
    </NextIntlClientProvider>
  );
}
