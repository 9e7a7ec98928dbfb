import styles from '@/components/ui/spinner.module.css';

/** A turning ring, hidden from assistive technology: say what is loading in text beside it. */
export function Spinner({ size = 'medium' }: { size?: 'medium' | 'large' }) {
  return <span className={styles.spinner} data-size={size} aria-hidden="true" />;
}
