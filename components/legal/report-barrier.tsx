'use client';

import { usePopup, usePreloadPopup } from '@/components/popups/registry';

/** The accessibility statement's way to report a barrier: the contact form, its message begun with what to tell. */
export function ReportBarrier({ label, message, className }: { label: string; message: string; className?: string }) {
  const openContactForm = usePopup('contactForm');
  const preloadPopup = usePreloadPopup();
  return (
    <button
      type="button"
      className={className}
      onPointerEnter={() => preloadPopup('contactForm')}
      onFocus={() => preloadPopup('contactForm')}
      onClick={() => openContactForm({ message })}
    >
      {label}
    </button>
  );
}
