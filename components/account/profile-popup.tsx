'use client';

import { useCallback } from 'react';
import { loadProfile } from '@/components/account/view-modules';
import { preloadCatalogue } from '@/components/ui/catalogue-texts';
import { showAccountView } from '@/lib/account/navigation';
import type { PopupOpeners } from '@/lib/popups/openers';

/** Starts loading the profile's code (on hover or focus of what opens it). */
export function preloadProfile() {
  void loadProfile();
  preloadCatalogue();
}

/**
 * Opens the logged-in customer's profile (spec §2) as a full-size popup: summary, logout and the
 * Subscriptions, Subscriber Info and Identity Info tabs. Opened from the header's name, after a
 * login and after a completed application, at its own URL (`#profil`, components/account/account-views.tsx);
 * opening it again keeps the one popup.
 */
export function useProfilePopup(): PopupOpeners['profile'] {
  return useCallback(() => showAccountView({ kind: 'profile' }), []);
}
