import { getLocale, getTranslations } from 'next-intl/server';
import { HeaderAccount, HeaderContact } from '@/components/layout/header-actions';
import { HeaderMenu } from '@/components/layout/header-menu';
import styles from '@/components/layout/site-header.module.css';
import { LanguageSwitch } from '@/components/layout/language-switch';
import { Logo } from '@/components/layout/logo';
import { Link } from '@/lib/i18n/navigation';

export async function SiteHeader({ siteName }: { siteName: string }) {
  const t = await getTranslations('header');
  // The brand is a Turkish name: marked so on an English page.
  const turkish = (await getLocale()) === 'tr' ? undefined : 'tr';
  return (
    <header className={styles.header}>
      <a href="#content" className={styles.skip}>
        {t('skipToContent')}
      </a>
      <div className={`container ${styles.bar}`}>
        <Link href="/" className={styles.logo}>
          <Logo />
          <span lang={turkish}>{siteName}</span>
        </Link>
        <nav className={styles.nav} aria-label={t('navigation')}>
          <HeaderMenu>
            <li>
              <Link href="/nasil-yapilir" className={styles.navLink}>
                {t('howTo')}
              </Link>
            </li>
            <li>
              <HeaderContact className={styles.navLink} />
            </li>
            <li>
              <LanguageSwitch className={styles.navLink} />
            </li>
          </HeaderMenu>
          {/* Outside the menu: the customer's name (or the inquiry) stays one tap away on a phone. */}
          <HeaderAccount className={`${styles.navLink} ${styles.account}`} userClassName={styles.user} compactClassName={styles.compact} fullClassName={styles.full} />
        </nav>
      </div>
    </header>
  );
}
