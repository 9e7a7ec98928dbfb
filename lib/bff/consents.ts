import 'server-only';
import { createTranslator } from 'use-intl/core';
import type { ApiCallName } from '@/lib/api/calls';
import { getLogger } from '@/lib/server/logger';
import type { Consents } from '@/lib/validation/consents';
import en from '@/messages/en.json';
import tr from '@/messages/tr.json';

const kinds = ['kvkk', 'contract', 'marketing', 'commitment'] as const;

/**
 * A catalogue's version of each text (messages/*.json, `consents.<kind>.version`), read by
 * next-intl's translator: the build precompiles the catalogues (next.config.ts), so their values are
 * read through it, never as the strings in the files.
 */
function versionsOf(locale: 'tr' | 'en', messages: typeof tr): Record<(typeof kinds)[number], string> {
  const t = createTranslator({ locale, messages, namespace: 'consents' });
  return Object.fromEntries(kinds.map((kind) => [kind, t(`${kind}.version`)])) as Record<(typeof kinds)[number], string>;
}

/** The versions of the texts the site shows now (the Turkish catalogue's). */
export const CONSENT_VERSIONS = versionsOf('tr', tr);

/** A text and its translation change together: both catalogues must name the same versions. */
export const catalogueVersionsAgree = (): boolean => {
  const [turkish, english] = [versionsOf('tr', tr), versionsOf('en', en)];
  return kinds.every((kind) => english[kind] === turkish[kind]);
};

/** Whether the person accepted the texts shown now (an older page's versions do not count). */
export function acceptsCurrentTexts(consents: Consents): boolean {
  return (
    consents.kvkk === CONSENT_VERSIONS.kvkk &&
    consents.contract === CONSENT_VERSIONS.contract &&
    consents.commitment.version === CONSENT_VERSIONS.commitment &&
    (consents.marketing === false || consents.marketing === CONSENT_VERSIONS.marketing)
  );
}

/**
 * The audit line of an application filed with its consents (the /v1 contract has no field for
 * them): which texts, when, for which form, and the commitment summary's figures as confirmed. No
 * personal data: the form hash names the application.
 */
export function auditConsents(call: ApiCallName, formHash: string, consents: Consents, requestId: string, now = new Date()) {
  getLogger().info(
    {
      audit: 'consent_accepted',
      call,
      requestId,
      formHash,
      acceptedAt: now.toISOString(),
      versions: {
        kvkk: consents.kvkk,
        contract: consents.contract,
        marketing: consents.marketing === false ? null : consents.marketing,
        commitment: consents.commitment.version,
      },
      marketing: consents.marketing !== false,
      commitment: { productId: consents.commitment.productId, figures: consents.commitment.figures },
    },
    'consent accepted',
  );
}
