import type { ReactNode } from 'react';
import styles from '@/components/account/profile.module.css';

export interface Fact {
  label: string;
  value: ReactNode;
}

/** Label and value pairs of a details tab. */
export function Facts({ items }: { items: readonly Fact[] }) {
  return (
    <dl className={styles.facts}>
      {items.map((item) => (
        <div key={item.label} className={styles.fact}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
