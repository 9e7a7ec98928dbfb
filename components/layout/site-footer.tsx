import { getLocale, getTranslations } from 'next-intl/server';
import styles from '@/components/layout/site-footer.module.css';
import { APP_VERSION } from '@/lib/server/app-version';
import { LEGAL_ANCHORS } from '@/lib/legal/company';
import { getConfig } from '@/lib/server/config';
import { Link } from '@/lib/i18n/navigation';

/**
 * The footer a buyer can trust: the support line, the legal texts (the KVKK notice and the
 * contract the application asks to approve, on the legal page; the cookie notice and the
 * accessibility statement), who the provider is and where;
 * the version last and small, for support rather than buyers.
 */
export async function SiteFooter({ siteName }: { siteName: string }) {
  const t = await getTranslations('footer');
  const consents = await getTranslations('consents');
  // The company's name and address (and the brand) are Turkish: marked so on an English page.
  const turkish = (await getLocale()) === 'tr' ? undefined : 'tr';
  const company = getConfig().company;
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.inner}`}>
        <section aria-labelledby="footer-support" className={styles.column}>
          <h2 id="footer-support" className={styles.heading}>
            {t('support')}
          </h2>
          <p>
            <a href={`tel:${company.supportPhoneDial}`} className={styles.phone}>
              {company.supportPhone}
            </a>
          </p>
          <p>
            <Link href="/nasil-yapilir">{t('howTo')}</Link>
          </p>
        </section>
        <nav aria-labelledby="footer-legal" className={styles.column}>
          <h2 id="footer-legal" className={styles.heading}>
            {t('legal')}
          </h2>
          <ul className={styles.links}>
            {(['kvkk', 'contract', 'marketing'] as const).map((kind) => (
              <li key={kind}>
                <Link href={{ pathname: '/yasal', hash: LEGAL_ANCHORS[kind] }}>{consents(`${kind}.title`)}</Link>
              </li>
            ))}
            <li>
              <Link href="/cerezler">{t('cookies')}</Link>
            </li>
            <li>
              <Link href="/erisilebilirlik">{t('accessibility')}</Link>
            </li>
          </ul>
        </nav>
        <section aria-labelledby="footer-company" className={styles.column}>
          <h2 id="footer-company" className={styles.heading}>
            {t('company')}
          </h2>
          <p lang={turkish}>{company.legalName}</p>
          <address lang={turkish} className={styles.address}>
            {company.address}
          </address>
        </section>
      </div>
      <div className={`container ${styles.bottom}`}>
        <p>
          © <span lang={turkish}>{siteName}</span>. {t('rights')}
        </p>
        <p className={styles.version}>{t('version', { version: APP_VERSION })}</p>
      </div>
    </footer>
  );
}
