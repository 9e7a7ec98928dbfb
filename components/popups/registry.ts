'use client';

import { preloadInquiry, useInquiryPopup } from '@/components/account/inquiry-popup';
import { preloadLoginSteps, useLoginPopup } from '@/components/account/login-popup';
import { preloadProfile, useProfilePopup } from '@/components/account/profile-popup';
import { useRegisteredUserPopup } from '@/components/account/registered-user-popup';
import { useConsentText } from '@/components/consents/consent-text';
import { preloadContactForm, useContactForm } from '@/components/popups/contact-popup';

/**
 * The popups one feature opens for another, by name. Each is declared by the feature that owns it
 * (its content and its typed opener, `use…Popup`); this table is the one place that knows them
 * all, so no feature imports another (the ESLint rule in eslint.config.mjs holds that).
 */
const popups = {
  login: { useOpen: useLoginPopup, preload: preloadLoginSteps },
  inquiry: { useOpen: useInquiryPopup, preload: preloadInquiry },
  profile: { useOpen: useProfilePopup, preload: preloadProfile },
  registeredUser: { useOpen: useRegisteredUserPopup, preload: undefined },
  consentText: { useOpen: useConsentText, preload: undefined },
  contactForm: { useOpen: useContactForm, preload: preloadContactForm },
} as const;

export type PopupName = keyof typeof popups;

/**
 * The opener of a named popup, with the props its feature declared: `usePopup('login')({ nationalityNumber })`.
 * A hook: call it at the top of a component, with a constant name.
 */
export function usePopup<N extends PopupName>(name: N): ReturnType<(typeof popups)[N]['useOpen']> {
  return popups[name].useOpen() as ReturnType<(typeof popups)[N]['useOpen']>;
}

/** Starts loading a named popup's code (on hover or focus of what opens it). */
export function preloadPopup(name: PopupName): void {
  popups[name].preload?.();
}
