import 'server-only';
import type { ApiCallName } from '@/lib/api/calls';
import { getLogger } from '@/lib/logger';
import type { Consents } from '@/lib/validation/consents';
import en from '@/messages/en.json';
import tr from '@/messages/tr.json';

const kinds = ['kvkk', 'contract', 'marketing'] as const;

/** The versions of the texts the site shows now (messages/*.json, `consents.<kind>.version`). */
export const CONSENT_VERSIONS = Object.fromEntries(kinds.map((kind) => [kind, tr.consents[kind].version])) as Record<(typeof kinds)[number], string>;

/** A text and its translation change together: both catalogues must name the same versions. */
export const catalogueVersionsAgree = (): boolean => kinds.every((kind) => en.consents[kind].version === tr.consents[kind].version);

/** Whether the person accepted the texts shown now (an older page's versions do not count). */
export function acceptsCurrentTexts(consents: Consents): boolean {
  return (
    consents.kvkk === CONSENT_VERSIONS.kvkk &&
    consents.contract === CONSENT_VERSIONS.contract &&
    (consents.marketing === false || consents.marketing === CONSENT_VERSIONS.marketing)
  );
}

/**
 * The audit line of an application filed with its consents (the /v1 contract has no field for
 * them): which texts, when, for which form. No personal data: the form hash names the application.
 */
export function auditConsents(call: ApiCallName, formHash: string, consents: Consents, requestId: string, now = new Date()) {
  getLogger().info(
    {
      audit: 'consent_accepted',
      call,
      requestId,
      formHash,
      acceptedAt: now.toISOString(),
      versions: { kvkk: consents.kvkk, contract: consents.contract, marketing: consents.marketing === false ? null : consents.marketing },
      marketing: consents.marketing !== false,
    },
    'consent accepted',
  );
}
