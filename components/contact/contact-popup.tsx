'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { lazyPopupContent } from '@/components/popups/lazy-content';
import { usePopups } from '@/components/popups/popup-provider';
import type { ContactPrefill, PopupOpeners } from '@/lib/popups/openers';

const contactForm = lazyPopupContent(
  () => import('@/components/contact/contact-form'),
  (module) => module.ContactForm,
);

const ContactForm = contactForm.Content;

/** Starts loading the form's code and texts (on hover or focus of a button that opens it). */
export const preloadContactForm = contactForm.preload;

let opened = 0;

/**
 * Opens the contact form popup ('İletişim Formu'), optionally prefilled and with the reason it
 * opened: the transfer wizard opens it with the last error after three failed service numbers.
 */
export function useContactForm(): PopupOpeners['contactForm'] {
  const { open } = usePopups();
  const t = useTranslations('contactForm');
  return useCallback(
    (prefill?: ContactPrefill, reason?: string) => {
      // A fresh form each time it is opened (a new key), even over an open one.
      const key = ++opened;
      return open({
        id: 'contact-form',
        title: t('title'),
        render: () => <ContactForm key={key} prefill={prefill} reason={reason} />,
      });
    },
    [open, t],
  );
}
