'use client';

import { createContext, useCallback, useContext } from 'react';
import type { PopupName, PopupOpeners, PopupTable } from '@/lib/popups/openers';

/**
 * The popups one feature opens for another, by name (lib/popups/openers.ts). The app layer, which
 * may import every feature, provides the table (app/popup-registry.tsx); features ask for an
 * opener here, so none imports another and this file imports none.
 */
export const PopupTableContext = createContext<PopupTable | null>(null);

function usePopupTable(): PopupTable {
  const table = useContext(PopupTableContext);
  if (!table) throw new Error('usePopup needs the PopupRegistry (mounted in the locale layout)');
  return table;
}

/**
 * The opener of a named popup, with the props its feature declared: `usePopup('login')({ nationalityNumber })`.
 * A hook: call it at the top of a component, with a constant name.
 */
export function usePopup<N extends PopupName>(name: N): PopupOpeners[N] {
  const useOpen = usePopupTable()[name].useOpen;
  return useOpen();
}

/** Starts loading a named popup's code (on hover or focus of what opens it). */
export function usePreloadPopup(): (name: PopupName) => void {
  const table = usePopupTable();
  return useCallback((name: PopupName) => table[name].preload?.(), [table]);
}
