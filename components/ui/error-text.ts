'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { errorText, isApiError, serverFieldError } from '@/lib/api/error-message';

export interface ErrorTexts {
  /**
   * The spec §8 text of a failed call (the server's message, else the catalogue's, or its login
   * variant). The upstream's own words (a message our catalogue does not know) come as sent; an
   * English page says first that they are the provider's.
   */
  ofCall: (error: unknown, fallback?: 'generic' | 'genericShort') => string;
  /** `serverFieldError`'s message for one field, told as `ofCall` tells it. */
  ofServerField: (error: unknown, field: string, options?: { anyInputError?: boolean }) => string | undefined;
  /** A schema message key (spec §5) as its text, with the spec's title where it has one. */
  ofRule: (key: string) => { title?: string; text: string };
  /** A react-hook-form error: a schema key translated, a server text as given. */
  ofField: (error: { type?: string; message?: string } | undefined) => string | undefined;
}

/** Every error as text, in one place: the failed call, the broken rule, the form field. */
export function useErrorText(): ErrorTexts {
  const errors = useTranslations('errors');
  const rules = useTranslations('validation');
  const titles = useTranslations('validationTitles');
  return useMemo(() => {
    const ruleText = (key: string) => (rules.has(key as never) ? rules(key as never) : rules('invalid'));
    const asTold = (text: string, upstream: boolean) => (upstream ? errors('upstreamText', { message: text }) : text);
    return {
      ofCall: (error, fallback) => {
        const shown = errorText(error, fallback);
        return 'text' in shown ? asTold(shown.text, shown.upstream) : errors(shown.key);
      },
      ofServerField: (error, field, options) => {
        const text = serverFieldError(error, field, options);
        // Field messages of our own validation are ours; only the call's message may be the upstream's.
        return text === undefined ? undefined : asTold(text, isApiError(error) && error.isUpstreamText && text === error.serverMessage);
      },
      ofRule: (key) => (titles.has(key as never) ? { title: titles(key as never), text: ruleText(key) } : { text: ruleText(key) }),
      ofField: (error) => {
        if (!error?.message) return undefined;
        return error.type === 'server' ? error.message : ruleText(error.message);
      },
    };
  }, [errors, rules, titles]);
}
