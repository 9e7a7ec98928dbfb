'use client';

import { useTranslations } from 'next-intl';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import styles from '@/components/layout/site-header.module.css';
import { usePathname } from '@/lib/i18n/navigation';

/**
 * The header's links behind a menu button (the usual three lines, named 'Menü') at phone widths (from 40rem CSS shows them in a row
 * and hides the button). The menu stays open while a popup opened from it is up, so closing the
 * popup gives the focus back to the link that opened it; it closes on its button, on Escape and
 * when the page changes.
 */
export function HeaderMenu({ children }: { children: ReactNode }) {
  const t = useTranslations('header');
  const id = useId();
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const [openOn, setOpenOn] = useState(pathname);
  const toggle = useRef<HTMLButtonElement>(null);

  if (openOn !== pathname) {
    // Another page: the menu closes (adjusted while rendering, as React advises for derived state).
    setOpenOn(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      // An open popup takes its own Escape.
      if (event.key !== 'Escape' || document.querySelector('dialog[open]')) return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <>
      <button
        ref={toggle}
        type="button"
        className={`${styles.navLink} ${styles.menuToggle}`}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((was) => !was)}
      >
        <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 20 20">
          <path d={open ? 'M5 5l10 10M15 5L5 15' : 'M3 5h14M3 10h14M3 15h14'} stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">{t('menu')}</span>
      </button>
      <ul id={id} className={styles.menu} data-open={open || undefined}>
        {children}
      </ul>
    </>
  );
}
