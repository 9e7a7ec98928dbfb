import type { ConsentKind } from '@/lib/validation/consents';

/**
 * Who runs the site, as the footer shows it to buyers (issue 40: a footer that earns trust). One
 * place for these values, so the footer and any legal page read the same ones.
 *
 * PROVIDER TO FILL: the values below are placeholders of this demo (the product spec and
 * DESIGN.md name no support line, legal name or registered address). Replace them with the
 * provider's own before going live; the brand name itself is NEXT_PUBLIC_SITE_NAME (lib/config.ts).
 */
export const COMPANY = {
  /** The registered (trade-register) name, as on invoices and contracts. */
  legalName: 'Hat İnternet Telekomünikasyon A.Ş.',
  /** The registered address, in Turkish (upstream-style data: marked lang="tr" on English pages). */
  address: 'Örnek Mah. Deneme Cad. No: 1, 34000 Kadıköy/İstanbul',
  /** The support line as shown, and its dialable form for `tel:` links. */
  supportPhone: '0850 000 00 00',
  supportPhoneDial: '+908500000000',
} as const;

/** Where each consent's full text is on the legal page (`/yasal#kvkk`): the footer links there. */
export const LEGAL_ANCHORS: Readonly<Record<ConsentKind, string>> = { kvkk: 'kvkk', contract: 'sozlesme', marketing: 'ticari-ileti' };
