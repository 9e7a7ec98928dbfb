'use client';

import { useTranslations } from 'next-intl';
import styles from '@/components/ui/error-summary.module.css';

export interface ErrorSummaryItem {
  /** The id of the control to move to (the field's input, or a group's first control). */
  id: string;
  label: string;
}

/**
 * The error summary at the top of a form after a failed submit (the GOV.UK pattern): one link per
 * field that needs attention, which moves to that field. The messages themselves stay at the fields,
 * once each; the form puts the focus on the first of them.
 */
export function ErrorSummary({ items }: { items: readonly ErrorSummaryItem[] }) {
  const t = useTranslations('errors');
  if (items.length === 0) return null;
  return (
    <div className={styles.summary} aria-labelledby="error-summary-title">
      <h3 id="error-summary-title" className={styles.title}>
        {t('summaryTitle', { count: items.length })}
      </h3>
      <ul className={styles.list}>
        {items.map(({ id, label }) => (
          <li key={id}>
            <a
              href={`#${id}`}
              onClick={(event) => {
                const target = document.getElementById(id);
                if (!target) return;
                event.preventDefault();
                target.focus();
                target.scrollIntoView({ block: 'center' });
              }}
            >
              {label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
