import styles from '@/components/ui/stepper.module.css';

/**
 * Where the visitor is in a wizard: steps before `current` are done. `compact`: on a phone only the
 * numbered circles show (the page says the step in words, e.g. 'Adım 2/4 · Paket'); the names stay
 * for screen readers.
 */
export function Stepper({ steps, current, label, compact = false }: { steps: string[]; current: number; label: string; compact?: boolean }) {
  return (
    <ol className={`${styles.stepper} ${compact ? styles.compact : ''}`} aria-label={label}>
      {steps.map((step, index) => {
        const state = index < current ? styles.done : index === current ? styles.current : '';
        return (
          <li key={step} className={`${styles.step} ${state}`} aria-current={index === current ? 'step' : undefined}>
            <span className={styles.label}>{step}</span>
          </li>
        );
      })}
    </ol>
  );
}
