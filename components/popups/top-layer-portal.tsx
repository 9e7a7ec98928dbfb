'use client';

import { type ReactNode, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { usePopupStack } from '@/components/popups/popup-provider';

const subscribe = () => () => {};

/**
 * Draws overlays (loader, info bar) inside the top popup when one is open: a modal dialog makes
 * everything outside it inert and hidden from screen readers, and draws above any z-index.
 */
export function TopLayerPortal({ children }: { children: ReactNode }) {
  const { topLayer } = usePopupStack();
  const isClient = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  if (!isClient) return null;
  return createPortal(children, topLayer ?? document.body);
}
