import type { Locale } from '@/lib/i18n/routing';

/**
 * The texts of the page shown when a render fails. They live here, not in messages/*.json: the
 * root error page (app/global-error.tsx) replaces the layout that provides the catalogues, and it
 * is part of the script every page loads, so it carries these few lines instead of two catalogues.
 */
export const crashTexts: Record<Locale, { heading: string; text: string; retry: string; home: string; reference: string }> = {
  tr: {
    heading: 'Bir Hata Oluştu',
    text: 'Sayfa gösterilirken beklenmeyen bir sorun oluştu. Lütfen tekrar deneyin; sorun sürerse ana sayfaya dönebilirsiniz.',
    retry: 'Tekrar Dene',
    home: 'Ana sayfaya dön',
    reference: 'Hata kodu',
  },
  en: {
    heading: 'Something went wrong',
    text: 'An unexpected problem occurred while showing this page. Please try again; if it persists, you can go back to the home page.',
    retry: 'Try again',
    home: 'Back to the home page',
    reference: 'Error code',
  },
};

/** The locale of a path: English under /en, Turkish everywhere else (lib/i18n/routing.ts). */
export const localeOfPath = (pathname: string | null): Locale => (/^\/en(\/|$)/.test(pathname ?? '') ? 'en' : 'tr');
