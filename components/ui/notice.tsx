import type { ReactNode } from 'react';
import styles from '@/components/ui/notice.module.css';

export type NoticeTone = 'info' | 'success' | 'warning' | 'danger';

/**
 * A block of guidance or status text; `danger` notices are announced as alerts, and so is any
 * notice given `role="alert"` (one that appears because something happened).
 */
export function Notice({
  tone = 'info',
  title,
  role,
  children,
}: {
  tone?: NoticeTone;
  title?: ReactNode;
  role?: 'alert' | 'note';
  children?: ReactNode;
}) {
  return (
    <div className={`${styles.notice} ${styles[tone]}`} role={role ?? (tone === 'danger' ? 'alert' : 'note')}>
      {title ? <span className={styles.title}>{title}</span> : null}
      {children ? <div>{children}</div> : null}
    </div>
  );
}
