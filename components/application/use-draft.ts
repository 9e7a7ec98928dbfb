'use client';

import { useCallback, useEffect, useState } from 'react';
import { type ApplicationDraft, emptyDraft, type Flow, isDraftFresh } from '@/lib/application/draft';

const storageKey = (flow: Flow) => `basvuru:${flow}`;

function readDraft(flow: Flow): ApplicationDraft | null {
  try {
    const raw = window.sessionStorage.getItem(storageKey(flow));
    if (!raw) return null;
    // A draft stored by an older page may lack newer fields: they start empty.
    const draft = { ...emptyDraft(flow), ...(JSON.parse(raw) as Partial<ApplicationDraft>) };
    return draft.flow === flow && isDraftFresh(draft) ? draft : null;
  } catch {
    return null;
  }
}

/**
 * The wizard's draft, kept in sessionStorage so a reload or an accidental navigation resumes it.
 * `restored` turns true once the stored draft (if any) has been read, so nothing renders twice.
 */
export function useDraft(flow: Flow) {
  const [draft, setDraft] = useState<ApplicationDraft>(() => emptyDraft(flow, 0));
  const [restored, setRestored] = useState(false);

  useEffect(() => {
    const stored = readDraft(flow);
    // Reading sessionStorage can only happen after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setDraft(stored ?? emptyDraft(flow));
    setRestored(true);
  }, [flow]);

  const update = useCallback(
    (change: Partial<ApplicationDraft>) => {
      setDraft((previous) => {
        const next = { ...previous, ...change, updatedAt: Date.now() };
        try {
          window.sessionStorage.setItem(storageKey(flow), JSON.stringify(next));
        } catch {
          // Private mode or a full quota: the wizard still works, it just will not survive a reload.
        }
        return next;
      });
    },
    [flow],
  );

  const clear = useCallback(() => {
    window.sessionStorage.removeItem(storageKey(flow));
    setDraft(emptyDraft(flow));
  }, [flow]);

  return { draft, update, clear, restored };
}

/** Form fields typed on a step, kept beside the draft so a reload keeps what was typed. */
export function useStoredFields<T extends object>(key: string) {
  const read = useCallback((): Partial<T> => {
    try {
      return JSON.parse(window.sessionStorage.getItem(key) ?? '{}') as Partial<T>;
    } catch {
      return {};
    }
  }, [key]);
  const write = useCallback(
    (values: Partial<T>) => {
      try {
        window.sessionStorage.setItem(key, JSON.stringify(values));
      } catch {
        // See useDraft.
      }
    },
    [key],
  );
  const forget = useCallback(() => window.sessionStorage.removeItem(key), [key]);
  return { read, write, forget };
}
