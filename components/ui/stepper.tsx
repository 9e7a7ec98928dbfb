import styles from '@/components/ui/stepper.module.css';

/** Where the visitor is in a wizard: steps before `current` are done. */
export function Stepper({ steps, current, label }: { steps: string[]; current: number; label: string }) {
  return (
    <ol className={styles.stepper} aria-label={label}>
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
