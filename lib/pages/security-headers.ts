/**
 * Security headers. The static ones go on every answer (next.config.ts); the Content-Security-Policy
 * is set by proxy.ts on pages: with a per-request nonce on pages rendered for one request, with the
 * hashes of its inline scripts on a public page everyone gets (app/api/page, lib/pages/public-page.ts).
 */
export type ScriptTrust = { nonce: string } | { hashes: string[] };

export function contentSecurityPolicy(trust: ScriptTrust, isDev: boolean): string {
  const scripts =
    'nonce' in trust
      ? // 'strict-dynamic' lets the nonced Next.js runtime load its own chunks; nothing inline runs without the nonce.
        `'self' 'nonce-${trust.nonce}' 'strict-dynamic'`
      : // Same-origin chunks ('self': nothing else on this origin answers JavaScript, and nosniff keeps
        // JSON from running) and exactly the inline scripts the cached page holds.
        ["'self'", ...trust.hashes].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${scripts}${isDev ? ` 'unsafe-eval'` : ''}`,
    // Toasts and masks set style attributes at run time; styles cannot run code.
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob:`,
    `font-src 'self'`,
    `connect-src 'self'${isDev ? ' ws:' : ''}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

export function staticSecurityHeaders(isProduction: boolean): { key: string; value: string }[] {
  return [
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'X-Frame-Options', value: 'DENY' },
    {
      key: 'Permissions-Policy',
      value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    },
    ...(isProduction ? [{ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains; preload' }] : []),
  ];
}
