import type { ReactNode } from 'react';
import styles from '@/components/ui/prose-page.module.css';

/** A page to be read (the how-to, the legal texts): at a reading width, its heading, its lead, then the rest. */
export function ProsePage({ heading, lead, children }: { heading: ReactNode; lead: ReactNode; children: ReactNode }) {
  return (
    <article className={`container ${styles.page}`}>
      <h1>{heading}</h1>
      <p className={styles.lead}>{lead}</p>
      {children}
    </article>
  );
}
