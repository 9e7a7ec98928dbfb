'use client';

import { useLocale } from 'next-intl';
import { CrashNotice } from '@/components/layout/crash-notice';
import type { Locale } from '@/lib/i18n/routing';

/** A page whose render failed, inside the site's header and footer (they rendered). */
export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  return <CrashNotice locale={useLocale() as Locale} error={error} retry={retry} />;
}
