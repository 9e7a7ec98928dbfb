import type { ReactNode } from 'react';
import styles from '@/components/account/profile.module.css';

export type PillTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

/** A status label, coloured by what it means for the customer. */
export function StatusPill({ tone, children }: { tone: PillTone; children: ReactNode }) {
  return (
    <span className={styles.pill} data-tone={tone}>
      {children}
    </span>
  );
}
