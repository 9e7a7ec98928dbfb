import type { routing } from '@/lib/i18n/routing';
import type messages from '@/messages/tr.json';

declare module 'next-intl' {
  interface AppConfig {
    Locale: (typeof routing.locales)[number];
    Messages: typeof messages;
  }
}

declare global {
  interface Window {
    /** The tag manager's events (spec §2): whatever its script left here, an array once the page pushed one (lib/domain/datalayer.ts). */
    dataLayer?: unknown;
  }
}
