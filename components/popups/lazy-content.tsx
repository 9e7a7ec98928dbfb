'use client';

import { type ComponentType, lazy } from 'react';
import { CatalogueTexts, preloadCatalogue } from '@/components/ui/catalogue-texts';

/**
 * A popup's content whose code loads when the popup first opens, never with a page: `Content`
 * renders it with the language's whole catalogue (components/ui/catalogue-texts.tsx), the popup
 * showing its loading state until both have arrived; `preload` starts loading both (on hover or
 * focus of what opens it, through the popup table's `preload`).
 */
export function lazyPopupContent<Module, Props extends object>(load: () => Promise<Module>, pick: (module: Module) => ComponentType<Props>) {
  const Lazy = lazy(() => load().then((module) => ({ default: pick(module) })));
  function Content(props: Props) {
    return (
      <CatalogueTexts>
        <Lazy {...props} />
      </CatalogueTexts>
    );
  }
  const preload = () => {
    void load();
    preloadCatalogue();
  };
  return { Content, preload };
}
