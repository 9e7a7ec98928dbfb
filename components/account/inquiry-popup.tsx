'use client';

import { useTranslations } from 'next-intl';
import { lazy, useCallback } from 'react';
import { usePopups } from '@/components/popups/popup-provider';
import { CatalogueTexts, preloadCatalogue } from '@/components/ui/catalogue-texts';
import type { PopupOpeners } from '@/lib/popups/openers';

const loadInquiry = () => import('@/components/account/inquiry-content');
const InquiryContent = lazy(() => loadInquiry().then((module) => ({ default: module.InquiryContent })));

/** Starts loading the inquiry's code and texts (on hover or focus of a button that opens it). */
export function preloadInquiry() {
  void loadInquiry();
  preloadCatalogue();
}

/** Opens the application-inquiry popup ('Başvuru Sorgulama'). */
export function useInquiryPopup(): PopupOpeners['inquiry'] {
  const { open } = usePopups();
  const t = useTranslations('inquiry');
  return useCallback(
    () =>
      open({
        id: 'inquiry',
        title: t('title'),
        render: () => (
          <CatalogueTexts>
            <InquiryContent />
          </CatalogueTexts>
        ),
      }),
    [open, t],
  );
}
