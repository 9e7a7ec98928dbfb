import { getTranslations } from 'next-intl/server';
import styles from '@/components/legal/legal-texts.module.css';
import { ProsePage } from '@/components/ui/prose-page';
import { LEGAL_ANCHORS } from '@/lib/legal/company';
import { cookieLifetime, DECLARED_COOKIES, DECLARED_STORAGE } from '@/lib/legal/cookies';
import { Link } from '@/lib/i18n/navigation';

/**
 * The cookie notice: every cookie and browser record the site keeps, from lib/legal/cookies.ts (the
 * table e2e/cookies.spec.ts holds every answer's Set-Cookie to), with its purpose, lifetime and
 * legal basis. One definition list per cookie, which reads at 360 px where a five-column table would not.
 */
export async function CookieNotice() {
  const t = await getTranslations('cookies');
  const lifetime = (seconds: number | null, open: 'browserSession' | 'tab') => {
    const life = cookieLifetime(seconds);
    return life.unit === 'browserSession' ? t(`lifetimes.${open}`) : t(`lifetimes.${life.unit}`, { count: life.count });
  };
  return (
    <ProsePage heading={t('heading')} lead={t('lead')}>
      <section id="cerezler" aria-labelledby="cerezler-heading" className={styles.section}>
        <h2 id="cerezler-heading">{t('cookiesHeading')}</h2>
        {DECLARED_COOKIES.map((cookie) => (
          <section key={cookie.key} id={`cerez-${cookie.name}`} aria-labelledby={`cerez-${cookie.name}-heading`} className={styles.item}>
            <h3 id={`cerez-${cookie.name}-heading`}>
              <code>{cookie.name}</code>
            </h3>
            <dl className={styles.facts}>
              {cookie.secureName !== cookie.name ? (
                <>
                  <dt>{t('secureName')}</dt>
                  <dd>
                    <code>{cookie.secureName}</code>
                  </dd>
                </>
              ) : null}
              <dt>{t('purpose')}</dt>
              <dd>{t(`items.${cookie.key}.purpose`)}</dd>
              <dt>{t('lifetime')}</dt>
              <dd>{lifetime(cookie.maxAgeSeconds, 'browserSession')}</dd>
              <dt>{t('basis')}</dt>
              <dd>
                {t('strictlyNecessary')}. {t(`items.${cookie.key}.basis`)}
              </dd>
              <dt>{t('attributes')}</dt>
              <dd>{[t('firstParty'), cookie.httpOnly ? t('httpOnly') : t('readable'), t('sameSite', { value: cookie.sameSite })].join('; ')}</dd>
            </dl>
          </section>
        ))}
      </section>
      <section id="tarayici-kayitlari" aria-labelledby="tarayici-kayitlari-heading" className={styles.section}>
        <h2 id="tarayici-kayitlari-heading">{t('storageHeading')}</h2>
        <p>{t('storageLead')}</p>
        {DECLARED_STORAGE.map((record) => (
          <section key={record.key} aria-labelledby={`kayit-${record.key}-heading`} className={styles.item}>
            <h3 id={`kayit-${record.key}-heading`}>
              {record.names.map((name, index) => (
                <span key={name}>
                  {index ? ', ' : null}
                  <code>{name}</code>
                </span>
              ))}
            </h3>
            <dl className={styles.facts}>
              <dt>{t('store')}</dt>
              <dd>{t(`stores.${record.store}`)}</dd>
              <dt>{t('purpose')}</dt>
              <dd>{t(`items.${record.key}.purpose`)}</dd>
              <dt>{t('lifetime')}</dt>
              <dd>{lifetime(record.maxAgeSeconds, 'tab')}</dd>
              <dt>{t('basis')}</dt>
              <dd>
                {t('strictlyNecessary')}. {t(`items.${record.key}.basis`)}
              </dd>
            </dl>
          </section>
        ))}
      </section>
      <section id="yonetim" aria-labelledby="yonetim-heading" className={styles.section}>
        <h2 id="yonetim-heading">{t('manageHeading')}</h2>
        <p>{t.rich('manage', { link: (chunks) => <Link href={{ pathname: '/yasal', hash: LEGAL_ANCHORS.kvkk }}>{chunks}</Link> })}</p>
      </section>
    </ProsePage>
  );
}
