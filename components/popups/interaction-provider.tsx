'use client';

import type { ReactNode } from 'react';
import { LoaderOverlay, LoaderProvider } from '@/components/popups/loader';
import { InfoBar, NotificationsProvider, ToastHost } from '@/components/popups/notifications';
import { PopupHost } from '@/components/popups/popup-host';
import { PopupProvider } from '@/components/popups/popup-provider';

/**
 * The interaction layer every flow uses, mounted once in the locale layout: popups, the loading
 * overlay, the info bar and toasts. The popups are drawn inside the other providers, so popup
 * content can use `useLoader`, `useNotify` and open further popups.
 */
export function InteractionProvider({ children }: { children: ReactNode }) {
  return (
    <PopupProvider>
      <LoaderProvider>
        <NotificationsProvider>
          {children}
          <PopupHost />
          <InfoBar />
          <LoaderOverlay />
          <ToastHost />
        </NotificationsProvider>
      </LoaderProvider>
    </PopupProvider>
  );
}
