'use client';

import { lazy, useCallback } from 'react';
import { preloadCatalogue } from '@/components/ui/catalogue-texts';
import { showAccountView } from '@/components/account/account-views';

// The profile's code (tabs, uploads, details) and texts load when it is first opened, never with a page.
const loadProfile = () => import('@/components/account/profile-content');
export const ProfileContent = lazy(() => loadProfile().then((module) => ({ default: module.ProfileContent })));

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
export function useProfilePopup(): () => void {
  return useCallback(() => showAccountView({ kind: 'profile' }), []);
}
