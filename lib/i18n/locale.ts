import { notFound } from 'next/navigation';
import { hasLocale } from 'next-intl';
import { type Locale, routing } from '@/lib/i18n/routing';

/** The `[locale]` segment as a locale; any other first segment is a page that does not exist. */
export function localeOf(segment: string): Locale {
  if (!hasLocale(routing.locales, segment)) notFound();
  return segment;
}
