'use client';

import type { ReactNode } from 'react';
import { preloadInquiry, useInquiryPopup } from '@/components/account/inquiry-popup';
import { preloadLoginSteps, useLoginPopup } from '@/components/account/login-popup';
import { preloadProfile, useProfilePopup } from '@/components/account/profile-popup';
import { useRegisteredUserPopup } from '@/components/account/registered-user-popup';
import { useConsentText } from '@/components/consents/consent-text';
import { preloadContactForm, useContactForm } from '@/components/contact/contact-popup';
import { PopupTableContext } from '@/components/popups/registry';
import type { PopupTable } from '@/lib/popups/openers';

/**
 * Every popup one feature opens for another, declared by the feature that owns it (its content and
 * its typed opener, `use…Popup`). The app layer is the one place that knows them all; the type
 * (lib/popups/openers.ts) holds each opener to what its callers expect.
 */
const popups: PopupTable = {
  login: { useOpen: useLoginPopup, preload: preloadLoginSteps },
  inquiry: { useOpen: useInquiryPopup, preload: preloadInquiry },
  profile: { useOpen: useProfilePopup, preload: preloadProfile },
  registeredUser: { useOpen: useRegisteredUserPopup },
  consentText: { useOpen: useConsentText },
  contactForm: { useOpen: useContactForm, preload: preloadContactForm },
};

export function PopupRegistry({ children }: { children: ReactNode }) {
  return <PopupTableContext value={popups}>{children}</PopupTableContext>;
}
