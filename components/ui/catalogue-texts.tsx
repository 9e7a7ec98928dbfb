'use client';

import type { Messages } from 'next-intl';
import { NextIntlClientProvider, useLocale } from 'next-intl';
import { type ReactNode, use } from 'react';
import { localeOfPath } from '@/lib/i18n/crash-texts';
import type { Locale } from '@/lib/i18n/routing';

/** The catalogue of a language, loaded once per page and only when a text pages do not carry is first shown. */
const catalogues = new Map<Locale, Promise<Messages>>();

/** The whole catalogue of `locale` (messages/*.json), fetched with its own script the first time. */
export function loadCatalogue(locale: Locale): Promise<Messages> {
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
 * Every text of the language for what it wraps: a popup's forms and views. Pages carry only the
 * texts of what every page shows and of the popups' titles (lib/i18n/client-messages.ts); the rest
 * arrives with the code that shows it, and the popup around it shows its loading state meanwhile.
 */
export function CatalogueTexts({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const catalogue = use(loadCatalogue(locale));
  return (
    <NextIntlClientProvider locale={locale} messages={catalogue}>
      {children}
    </NextIntlClientProvider>
  );
}
