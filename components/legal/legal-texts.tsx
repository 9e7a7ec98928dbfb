import { getLocale, getTranslations } from 'next-intl/server';
import styles from '@/components/legal/legal-texts.module.css';
import { Paragraphs } from '@/components/ui/paragraphs';
import { ProsePage } from '@/components/ui/prose-page';
import { LEGAL_ANCHORS } from '@/lib/legal/company';
import { getConfig } from '@/lib/server/config';
import type { ConsentKind } from '@/lib/validation/consents';

const kinds: ConsentKind[] = ['kvkk', 'contract', 'marketing'];

/**
 * The legal page: who provides the service (lib/legal/company.ts) and the full texts the application's
 * consents ask for (messages/*.json `consents`, the same the wizard opens), each at its anchor,
 * readable before applying and from every page's footer.
 */
export async function LegalTexts() {
  const t = await getTranslations('legal');
  const consents = await getTranslations('consents');
  // The company's name and address are Turkish data: marked so on an English page.
  const turkish = (await getLocale()) === 'tr' ? undefined : 'tr';
  const company = getConfig().company;
  return (
    <ProsePage heading={t('heading')} lead={t('lead')}>
      <section id="saglayici" aria-labelledby="saglayici-heading" className={styles.section}>
        <h2 id="saglayici-heading">{t('provider')}</h2>
        <dl className={styles.facts}>
          <dt>{t('legalName')}</dt>
          <dd lang={turkish}>{company.legalName}</dd>
          <dt>{t('address')}</dt>
          <dd lang={turkish}>{company.address}</dd>
          <dt>{t('support')}</dt>
          <dd>
            <a href={`tel:${company.supportPhoneDial}`}>{company.supportPhone}</a>
          </dd>
        </dl>
      </section>
      {kinds.map((kind) => (
        <section key={kind} id={LEGAL_ANCHORS[kind]} aria-labelledby={`${LEGAL_ANCHORS[kind]}-heading`} className={styles.section}>
          <h2 id={`${LEGAL_ANCHORS[kind]}-heading`}>{consents(`${kind}.title`)}</h2>
          <Paragraphs text={consents(`${kind}.text`)} />
          <p className={styles.version}>{consents('versionLabel', { version: consents(`${kind}.version`) })}</p>
        </section>
      ))}
    </ProsePage>
  );
}
