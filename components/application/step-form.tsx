'use client';

import { useTranslations } from 'next-intl';
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import nav from '@/components/application/step-nav.module.css';
import styles from '@/components/application/wizard.module.css';
import { Button } from '@/components/ui/button';

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

/**
 * The wizard's way back, shared by its header and the step's `StepActions` (one wizard per page):
 * the header says whether there is a step before, a step that shows 'Geri' beside its main button
 * says so, and the header then leaves its own out.
 */
interface StepNavigation {
  /** Goes to the step before; null on the first step. */
  back: (() => void) | null;
  /** How many `StepActions` show 'Geri' now. */
  placed: number;
}

let navigation: StepNavigation = { back: null, placed: 0 };
const listeners = new Set<() => void>();
const serverNavigation: StepNavigation = { back: null, placed: 0 };

function updateNavigation(change: Partial<StepNavigation> | ((current: StepNavigation) => Partial<StepNavigation>)) {
  navigation = { ...navigation, ...(typeof change === 'function' ? change(navigation) : change) };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function useNavigation(): StepNavigation {
  return useSyncExternalStore(
    subscribe,
    () => navigation,
    () => serverNavigation,
  );
}

/** The header's part: where 'Geri' goes (null on the first step); answers whether a step shows it beside its main button. */
export function useStepBack(back: (() => void) | null): boolean {
  useLayoutEffect(() => {
    updateNavigation({ back });
    return () => updateNavigation({ back: null });
  }, [back]);
  return useNavigation().placed > 0;
}

/**
 * A step's buttons: 'Geri' on the left (from the second step on), the step's main button on the
 * right, so going back sits where going on does, away from 'Başvurudan çık'.
 */
export function StepActions({ children }: { children: ReactNode }) {
  const t = useTranslations('application');
  const { back } = useNavigation();
  // Before the first paint, so the header never shows a second 'Geri' for a frame.
  useLayoutEffect(() => {
    if (!back) return;
    updateNavigation((current) => ({ placed: current.placed + 1 }));
    return () => updateNavigation((current) => ({ placed: current.placed - 1 }));
  }, [back]);
  if (!back && (children === null || children === undefined || children === false)) return null;
  return (
    <div className={back ? nav.actions : styles.actions}>
      {back ? (
        <Button variant="secondary" onClick={back}>
          {t('back')}
        </Button>
      ) : null}
      {children}
    </div>
  );
}
