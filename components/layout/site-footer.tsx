import { getTranslations } from 'next-intl/server';
import styles from '@/components/layout/site-footer.module.css';
import { APP_VERSION } from '@/lib/app-version';
import { Link } from '@/lib/i18n/navigation';

export async function SiteFooter({ siteName }: { siteName: string }) {
  const t = await getTranslations('footer');
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.inner}`}>
        <p>
          © {siteName}. {t('rights')}
        </p>
        <p>
          <Link href="/nasil-yapilir">{t('howTo')}</Link>
        </p>
        <p>{t('version', { version: APP_VERSION })}</p>
      </div>
    </footer>
  );
}
