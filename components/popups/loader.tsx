'use client';

import { useTranslations } from 'next-intl';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import styles from '@/components/popups/overlays.module.css';
import { TopLayerPortal } from '@/components/popups/top-layer-portal';
import { Spinner } from '@/components/ui/spinner';

export interface LoaderApi {
  /**
   * Shows the loading overlay while `task` runs and hides it when it settles, failed or not, so a
   * failure never leaves the user behind the overlay. Answers (or rethrows) what the task does.
   */
  run: <T>(task: Promise<T> | (() => Promise<T>)) => Promise<T>;
  /** Shows the overlay until the returned function is called (once is enough). */
  show: () => () => void;
}

const LoaderContext = createContext<LoaderApi | null>(null);
const LoaderActiveContext = createContext(false);

/** The loading overlay of spec §2: shown during calls, hidden on error. */
export function LoaderProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState(0);
  const api = useMemo<LoaderApi>(() => {
    const show = () => {
      let shown = true;
      setPending((count) => count + 1);
      return () => {
        if (!shown) return;
        shown = false;
        setPending((count) => Math.max(0, count - 1));
      };
    };
    return {
      show,
      run: async (task) => {
        const hide = show();
        try {
          return await (typeof task === 'function' ? task() : task);
        } finally {
          hide();
        }
      },
    };
  }, []);
  return (
    <LoaderContext.Provider value={api}>
      <LoaderActiveContext.Provider value={pending > 0}>{children}</LoaderActiveContext.Provider>
    </LoaderContext.Provider>
  );
}

export function useLoader(): LoaderApi {
  const api = useContext(LoaderContext);
  if (!api) throw new Error('useLoader needs the LoaderProvider (mounted in the locale layout)');
  return api;
}

/** After this long a call is told to be still running (spec §7 sets no timeout; API_TIMEOUT_MS bounds it). */
export const STILL_RUNNING_AFTER_MS = 3000;

/**
 * The overlay itself: fixed, so it never shifts the layout; it fades in only after a short wait,
 * and says in words that the call is still running when it takes longer than a few seconds.
 */
export function LoaderOverlay() {
  const active = useContext(LoaderActiveContext);
  const t = useTranslations('common');
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = window.setTimeout(() => setSlow(true), STILL_RUNNING_AFTER_MS);
    return () => {
      window.clearTimeout(timer);
      setSlow(false);
    };
  }, [active]);
  const still = active && slow;
  return (
    <TopLayerPortal>
      <div className={styles.loader} data-active={active ? '' : undefined} aria-hidden="true">
        <Spinner size="large" />
        {still ? <p className={styles.loaderText}>{t('stillRunning')}</p> : null}
      </div>
      <div className="visually-hidden" role="status">
        {still ? t('stillRunning') : active ? t('loading') : ''}
      </div>
    </TopLayerPortal>
  );
}
