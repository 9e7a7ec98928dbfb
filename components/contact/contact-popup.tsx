'use client';

import { useTranslations } from 'next-intl';
import { lazy, useCallback } from 'react';
import { usePopups } from '@/components/popups/popup-provider';
import { CatalogueTexts, preloadCatalogue } from '@/components/ui/catalogue-texts';
import type { ContactPrefill, PopupOpeners } from '@/lib/popups/openers';

const loadContactForm = () => import('@/components/contact/contact-form');
const ContactForm = lazy(() => loadContactForm().then((module) => ({ default: module.ContactForm })));

/** Starts loading the form's code and texts (on hover or focus of a button that opens it). */
export function preloadContactForm() {
  void loadContactForm();
  preloadCatalogue();
}

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
        render: () => (
          <CatalogueTexts>
            <ContactForm key={key} prefill={prefill} reason={reason} />
          </CatalogueTexts>
        ),
      });
    },
    [open, t],
  );
}
