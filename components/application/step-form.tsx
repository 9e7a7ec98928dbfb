'use client';

import { type ReactNode, useCallback, useEffect, useState } from 'react';
import styles from '@/components/application/wizard.module.css';

/**
 * A wizard step's form: the browser's own validation bubbles stay off (the step says at each field
 * what to fix, with the error summary above), and a submit is the step's to handle.
 */
export function StepForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      className={styles.step}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/**
 * After each failed submit the focus moves to the field to fix (the GOV.UK pattern), again on a
 * second failure at the same field. Answers the function that reports a failure.
 */
export function useFocusOnFailure(targetId: string | undefined): () => void {
  const [failures, setFailures] = useState(0);
  useEffect(() => {
    if (failures > 0 && targetId) document.getElementById(targetId)?.focus();
  }, [failures, targetId]);
  return useCallback(() => setFailures((count) => count + 1), []);
}
