'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { lazyPopupContent } from '@/components/popups/lazy-content';
import { usePopups } from '@/components/popups/popup-provider';
import type { PopupOpeners } from '@/lib/popups/openers';

const inquiry = lazyPopupContent(
  () => import('@/components/account/inquiry-content'),
  (module) => module.InquiryContent,
);

const InquiryContent = inquiry.Content;

/** Starts loading the inquiry's code and texts (on hover or focus of a button that opens it). */
export const preloadInquiry = inquiry.preload;

/** Opens the application-inquiry popup ('Başvuru Sorgulama'). */
export function useInquiryPopup(): PopupOpeners['inquiry'] {
  const { open } = usePopups();
  const t = useTranslations('inquiry');
  return useCallback(
    () =>
      open({
        id: 'inquiry',
        title: t('title'),
        render: () => <InquiryContent />,
      }),
    [open, t],
  );
}
