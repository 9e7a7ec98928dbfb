import type { ReactNode } from 'react';
import styles from '@/components/ui/notice.module.css';

export type NoticeTone = 'info' | 'success' | 'warning' | 'danger';

/** A block of guidance or status text; `danger` notices are announced as alerts. */
export function Notice({ tone = 'info', title, children }: { tone?: NoticeTone; title?: ReactNode; children?: ReactNode }) {
  return (
    <div className={`${styles.notice} ${styles[tone]}`} role={tone === 'danger' ? 'alert' : 'note'}>
      {title ? <span className={styles.title}>{title}</span> : null}
      {children ? <div>{children}</div> : null}
    </div>
  );
}
