import { createHash } from 'node:crypto';

/** The directives of a Content-Security-Policy header, each with its sources. */
export function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** The script sources of a Content-Security-Policy header. */
export const scriptSources = (policy: string): string[] => directives(policy).get('script-src') ?? [];

/** The sources every inline script of `html` needs: its exact text's SHA-256. */
export function inlineScriptSources(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\bsrc=/.test(attributes!) && !/type="application\/ld\+json"/.test(attributes!))
    .map(([, , text]) => `'sha256-${createHash('sha256').update(text!).digest('base64')}'`);
}
