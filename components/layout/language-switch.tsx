'use client';

import { useLocale, useTranslations } from 'next-intl';
import { Link, usePathname } from '@/lib/i18n/navigation';

/** Links the same page in the other language; next-intl's Link also remembers the choice in the locale cookie. */
export function LanguageSwitch({ className }: { className?: string }) {
  const t = useTranslations('header');
  const locale = useLocale();
  const pathname = usePathname();
  const other = locale === 'tr' ? 'en' : 'tr';
  return (
    <Link href={pathname} locale={other} className={className} hrefLang={other} lang={other} aria-label={t('switchToLabel')}>
      {t('switchTo')}
    </Link>
  );
}
