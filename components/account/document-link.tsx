'use client';

import { useTranslations } from 'next-intl';
import styles from '@/components/account/profile.module.css';
import type { DocumentLink as Link } from '@/lib/api/types';

/** The two sides of a sent pair (ID front and back, tax plate and signature circular), as links. */
export function DocumentLinks({ documents }: { documents: readonly { link: Link | null | undefined; label: string }[] }) {
  return (
    <ul className={styles.docLinks}>
      {documents.map(({ link, label }) => (
        <li key={label}>
          <DocumentLink link={link} label={label} />
        </li>
      ))}
    </ul>
  );
}

/** A stored document (ID image, company document, contract, tariff), opened in a new tab. */
export function DocumentLink({ link, label }: { link: Link | null | undefined; label: string }) {
  const t = useTranslations('profile.documents');
  const url = link?.data?.url;
  if (!url) return <span className={styles.muted}>{t('missing')}</span>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={styles.docLink}>
      {label}
      <span className="visually-hidden"> {t('newTab')}</span>
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </a>
  );
}
