import type { ComponentProps, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import styles from '@/components/ui/field.module.css';

export const controlClass = styles.control;

/**
 * A field's one message, led by the spec's title where the spec gives one ('TC Kimlik Numarası
 * Hatalı TC kimlik numarası uygun değil…'); nothing without a text.
 */
export function titled(title: string | undefined, text: ReactNode): ReactNode {
  if (!text) return undefined;
  return title ? (
    <>
      <strong>{title}</strong> {text}
    </>
  ) : (
    text
  );
}

/** Ids of a field's parts, so a control can point at its hint and error. */
export function fieldIds(id: string) {
  return { hint: `${id}-hint`, error: `${id}-error` };
}

/** The props a control needs to be described by its hint and error. */
export function describedBy(id: string, { hint, error }: { hint?: ReactNode; error?: ReactNode }) {
  const ids = fieldIds(id);
  const parts = [hint ? ids.hint : null, error ? ids.error : null].filter(Boolean);
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': parts.length ? parts.join(' ') : undefined,
  } as const;
}

/** Label, control, hint and error of one form field. The error is read out when it appears. */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  children: ReactNode;
}) {
  const ids = fieldIds(id);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children}
      {hint ? (
        <span id={ids.hint} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      <span id={ids.error} className={styles.error} role="alert">
        {error}
      </span>
    </div>
  );
}

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={[styles.control, className].filter(Boolean).join(' ')} {...props} />;
}

export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={[styles.control, className].filter(Boolean).join(' ')} {...props} />;
}

export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={[styles.control, className].filter(Boolean).join(' ')} {...props} />;
}
