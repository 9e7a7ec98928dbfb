import { getFormatter, getLocale, getTranslations } from 'next-intl/server';
import styles from '@/components/legal/legal-texts.module.css';
import { ReportBarrier } from '@/components/legal/report-barrier';
import { buttonClass } from '@/components/ui/button';
import { ProsePage } from '@/components/ui/prose-page';
import { ACCESSIBILITY_CHECKED, ACCESSIBILITY_EXCEPTIONS } from '@/lib/legal/accessibility';
import { getConfig } from '@/lib/server/config';

/**
 * The accessibility statement Presidential Circular 2025/10 asks for: the standard met, the known
 * exceptions, the date of the last check and a way to report a barrier (the contact form).
 */
export async function AccessibilityStatement() {
  const t = await getTranslations('accessibility');
  const format = await getFormatter();
  const turkish = (await getLocale()) === 'tr' ? undefined : 'tr';
  const config = getConfig();
  return (
    <ProsePage
      heading={t('heading')}
      lead={t.rich('lead', {
        companyName: config.company.legalName,
        siteName: config.siteName,
        company: (chunks) => <span lang={turkish}>{chunks}</span>,
        site: (chunks) => <span lang={turkish}>{chunks}</span>,
      })}
    >
      <section id="standart" aria-labelledby="standart-heading" className={styles.section}>
        <h2 id="standart-heading">{t('standardHeading')}</h2>
        <p>{t('standard')}</p>
        <p>{t('basis')}</p>
      </section>
      <section id="istisnalar" aria-labelledby="istisnalar-heading" className={styles.section}>
        <h2 id="istisnalar-heading">{t('exceptionsHeading')}</h2>
        <ul>
          {ACCESSIBILITY_EXCEPTIONS.map((key) => (
            <li key={key}>{t(`exceptions.${key}`)}</li>
          ))}
        </ul>
      </section>
      <section id="degerlendirme" aria-labelledby="degerlendirme-heading" className={styles.section}>
        <h2 id="degerlendirme-heading">{t('checkHeading')}</h2>
        <p>
          {t.rich('check', {
            date: format.dateTime(new Date(`${ACCESSIBILITY_CHECKED}T12:00:00Z`), { dateStyle: 'long', timeZone: 'Europe/Istanbul' }),
            when: (chunks) => <time dateTime={ACCESSIBILITY_CHECKED}>{chunks}</time>,
          })}
        </p>
      </section>
      <section id="bildirim" aria-labelledby="bildirim-heading" className={styles.section}>
        <h2 id="bildirim-heading">{t('reportHeading')}</h2>
        <p>
          {t.rich('report', {
            phoneNumber: config.company.supportPhone,
            phone: (chunks) => <a href={`tel:${config.company.supportPhoneDial}`}>{chunks}</a>,
          })}
        </p>
        <ReportBarrier label={t('reportButton')} message={t('reportMessage')} className={buttonClass({ variant: 'secondary' })} />
      </section>
    </ProsePage>
  );
}
