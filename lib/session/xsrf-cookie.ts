import 'server-only';
import { getConfig } from '@/lib/server/config';

/** A new double-submit token for the XSRF cookie (lib/api/csrf.ts names it). */
export const newXsrfToken = () => crypto.randomUUID().replaceAll('-', '');

/** Readable by the page's own scripts by design: it guards state changes, it grants nothing. */
export const xsrfCookieOptions = () =>
  ({
    path: '/',
    sameSite: 'strict',
    secure: getConfig().cookieSecure,
  }) as const;
