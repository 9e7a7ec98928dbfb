import type { ConsentKind } from '@/lib/validation/consents';

/**
 * Where each consent's full text is on the legal page (`/yasal#kvkk`): the footer links there. Who
 * runs the site (legal name, address, support line) is configuration: `getConfig().company`.
 */
export const LEGAL_ANCHORS: Readonly<Record<ConsentKind, string>> = { kvkk: 'kvkk', contract: 'sozlesme', marketing: 'ticari-ileti' };
