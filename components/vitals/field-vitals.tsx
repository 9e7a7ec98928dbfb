'use client';

import { useEffect } from 'react';

/**
 * Field vitals from real visitors (docs/observability.md): a share of page views (`sampleRate`,
 * VITALS_SAMPLE_RATE) loads the reporter once the page's load event has passed, so nothing of it
 * is in the critical path; its code is a chunk of its own.
 */
export function FieldVitals({ sampleRate }: { sampleRate: number }) {
  useEffect(() => {
    if (sampleRate <= 0 || Math.random() >= sampleRate) return;
    const start = () => void import('@/lib/vitals/report').then(({ reportVitals }) => reportVitals());
    if (document.readyState === 'complete') start();
    else addEventListener('load', start, { once: true });
  }, [sampleRate]);
  return null;
}
