'use client';

import { useCallback, useEffect, useState } from 'react';
import type { Flow } from '@/lib/application/draft';
import { FILED_FORMS_KEY, filedFormIds, withFiledForm } from '@/lib/application/flow/filed-forms';
import { type FlowEvent, flowReducer, restoreFlowState } from '@/lib/application/flow/reducer';
import { emptyFlowState, type FlowState, type Receipt } from '@/lib/application/flow/state';

const storageKey = (flow: Flow) => `basvuru:${flow}`;

/** Storage may be refused (private mode, a full quota): the wizard still works, it just forgets. */
function tryStorage<T>(action: () => T): T | undefined {
  try {
    return action();
  } catch {
    return undefined;
  }
}

const filedForms = () => filedFormIds(tryStorage(() => window.localStorage.getItem(FILED_FORMS_KEY)) ?? null, Date.now());

/**
 * A wizard's state (lib/application/flow/): restored once from sessionStorage after hydration,
 * written back on every change, removed once the application is filed. The tab hears when another
 * tab of this browser files the same form (a duplicated tab holds the same one).
 */
export function useFlow(flow: Flow) {
  const [state, setState] = useState<FlowState>(() => emptyFlowState(flow));
  const [restored, setRestored] = useState(false);

  const dispatch = useCallback((event: FlowEvent) => setState((previous) => flowReducer(previous, event)), []);

  useEffect(() => {
    const stored = tryStorage(() => window.sessionStorage.getItem(storageKey(flow))) ?? null;
    // Reading sessionStorage can only happen after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setState(restoreFlowState(stored, flow, Date.now(), filedForms()));
    setRestored(true);
  }, [flow]);

  useEffect(() => {
    if (!restored) return;
    tryStorage(() =>
      state.filed ? window.sessionStorage.removeItem(storageKey(flow)) : window.sessionStorage.setItem(storageKey(flow), JSON.stringify(state)),
    );
  }, [state, restored, flow]);

  const { formId } = state;
  useEffect(() => {
    if (!formId) return;
    const onStorage = (event: StorageEvent) => {
      if (event.key === FILED_FORMS_KEY && filedForms().includes(formId)) dispatch({ type: 'filedElsewhere' });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [formId, dispatch]);

  /** Whether another tab already filed this form (asked when the upstream refuses its hash). */
  const filedElsewhere = useCallback(() => formId !== null && filedForms().includes(formId), [formId]);

  /** The application is filed: every tab of this browser holding the form learns it; this one shows the receipt. */
  const markFiled = useCallback(
    (receipt: Receipt) => {
      if (formId) tryStorage(() => window.localStorage.setItem(FILED_FORMS_KEY, withFiledForm(window.localStorage.getItem(FILED_FORMS_KEY), formId, Date.now())));
      dispatch({ type: 'filed', receipt });
    },
    [formId, dispatch],
  );

  /** Closing the wizard forgets it. */
  const forget = useCallback(() => {
    tryStorage(() => window.sessionStorage.removeItem(storageKey(flow)));
    setState(emptyFlowState(flow));
  }, [flow]);

  return { state, dispatch, restored, filedElsewhere, markFiled, forget };
}
