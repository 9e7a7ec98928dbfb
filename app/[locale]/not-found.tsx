import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { buttonClass } from '@/components/ui/button';
import { getConfig } from '@/lib/config';
import { Link } from '@/lib/i18n/navigation';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('metadata');
  return { title: { absolute: `${t('notFoundTitle')} | ${getConfig().siteName}` }, robots: { index: false } };
}

export default async function NotFound() {
  const t = await getTranslations('notFound');
  return (
    <div className="container" style={{ paddingBlock: 'var(--space-7)' }}>
      <h1>{t('heading')}</h1>
      <p>{t('text')}</p>
      <Link href="/" className={buttonClass()}>
        {t('back')}
      </Link>
    </div>
  );
}
