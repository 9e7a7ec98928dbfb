import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { documentMetadata, documentViewport, LocaleDocument } from '@/app/locale-document';
import { buttonClass } from '@/components/ui/button';
import { getConfig } from '@/lib/server/config';
import { Link } from '@/lib/i18n/navigation';
import '@/app/globals.css';

/**
 * The 404 page of every path no route matches, in the language of its path (the proxy's locale
 * routing names it). Next.js renders it whole on the server; a page's `notFound()` would not: since
 * 16.3 its HTML is an empty shell and the not-found page appears only after hydration
 * (vercel/next.js#62228), so no page calls it and unknown paths are left unmatched instead.
 */
export const viewport = documentViewport;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('metadata');
  // Next.js adds `noindex` to every 404 itself.
  return { ...documentMetadata(), title: { absolute: `${t('notFoundTitle')} | ${getConfig().siteName}` } };
}

export default async function GlobalNotFound() {
  // Turkish where the proxy named no language (a path with a dot, which it does not see).
  const locale = await getLocale();
  const t = await getTranslations({ locale, namespace: 'notFound' });
  return (
    <LocaleDocument locale={locale}>
      <div className="container" style={{ paddingBlock: 'var(--space-7)' }}>
        <h1>{t('heading')}</h1>
        <p>{t('text')}</p>
        <Link href="/" className={buttonClass()}>
          {t('back')}
        </Link>
      </div>
    </LocaleDocument>
  );
}
