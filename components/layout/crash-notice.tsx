'use client';

import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { crashTexts } from '@/lib/i18n/crash-texts';
import type { Locale } from '@/lib/i18n/routing';

/**
 * What a visitor sees when a page's render failed: the spec's error title, a retry that asks the
 * server again, the way home (a full load, whatever state the app is in) and the code that finds
 * the error in the server's log. Focus moves to the title, so a screen reader announces it.
 */
export function CrashNotice({ locale, error, retry }: { locale: Locale; error: unknown; retry: () => void }) {
  const texts = crashTexts[locale];
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const digest = error instanceof Error && 'digest' in error && typeof error.digest === 'string' ? error.digest : undefined;
  return (
    <div className="container" style={{ paddingBlock: 'var(--space-7)' }} role="alert">
      <h1 ref={heading} tabIndex={-1}>
        {texts.heading}
      </h1>
      <p>{texts.text}</p>
      {digest && (
        <p>
          {texts.reference}: <code>{digest}</code>
        </p>
      )}
      <p style={{ display: 'flex', gap: 'var(--space-3)', flexWrap: 'wrap' }}>
        <Button onClick={retry}>{texts.retry}</Button>
        <a href={locale === 'en' ? '/en' : '/'}>{texts.home}</a>
      </p>
    </div>
  );
}
