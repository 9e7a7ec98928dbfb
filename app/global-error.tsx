'use client';

import { usePathname } from 'next/navigation';
import { CrashNotice } from '@/components/layout/crash-notice';
import { crashTexts, localeOfPath } from '@/lib/i18n/crash-texts';
import { languageTags } from '@/lib/i18n/routing';
import '@/app/globals.css';

/** The layout itself failed: the same notice in a document of its own, in the path's language. */
export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  const locale = localeOfPath(usePathname());
  return (
    <html lang={languageTags[locale]}>
      <body>
        <title>{crashTexts[locale].heading}</title>
        <main id="content">
          <CrashNotice locale={locale} error={error} retry={retry} />
        </main>
      </body>
    </html>
  );
}
