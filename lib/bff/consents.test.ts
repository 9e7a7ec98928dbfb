import { describe, expect, it, vi } from 'vitest';
import { COMMITMENT } from '@/testing/consents';
import tr from '@/messages/tr.json';

const info = vi.hoisted(() => vi.fn());
vi.mock('@/lib/server/logger', () => ({ getLogger: () => ({ info }) }));
/** The English catalogue as the tests set it: a copy of the real one whose versions they may change. */
const en = vi.hoisted(() => ({ consents: {} as Record<string, { version: string }> }));
vi.mock('@/messages/en.json', async (importOriginal) => {
  const real = (await importOriginal<{ default: typeof en }>()).default;
  en.consents = structuredClone(real.consents);
  return { default: en };
});

const { acceptsCurrentTexts, auditConsents, catalogueVersionsAgree, CONSENT_VERSIONS } = await import('@/lib/bff/consents');

const versions = { kvkk: tr.consents.kvkk.version, contract: tr.consents.contract.version, marketing: tr.consents.marketing.version };
const current = { ...versions, commitment: COMMITMENT };

describe('the consent texts shown now', () => {
  it('are the versions the Turkish catalogue names', () => {
    expect(CONSENT_VERSIONS).toEqual({ ...versions, commitment: tr.consents.commitment.version });
  });

  it('agree between the catalogues only when every text has one version in both', () => {
    expect(catalogueVersionsAgree()).toBe(true);
    for (const kind of ['kvkk', 'contract', 'marketing', 'commitment'] as const) {
      const kept = en.consents[kind]!.version;
      en.consents[kind]!.version = '1999-01';
      expect(catalogueVersionsAgree(), kind).toBe(false);
      en.consents[kind]!.version = kept;
    }
  });
});

describe('acceptsCurrentTexts', () => {
  it('takes the current notice and contract, with the current commercial-message text or without it', () => {
    expect(acceptsCurrentTexts(current)).toBe(true);
    expect(acceptsCurrentTexts({ ...current, marketing: false })).toBe(true);
  });

  it('refuses any older text, the commercial-message one included', () => {
    expect(acceptsCurrentTexts({ ...current, kvkk: '2020-01' })).toBe(false);
    expect(acceptsCurrentTexts({ ...current, contract: '2020-01' })).toBe(false);
    expect(acceptsCurrentTexts({ ...current, marketing: '2020-01' })).toBe(false);
    expect(acceptsCurrentTexts({ ...current, kvkk: '2020-01', marketing: false })).toBe(false);
    expect(acceptsCurrentTexts({ ...current, commitment: { ...COMMITMENT, version: '2020-01' } })).toBe(false);
  });
});

describe('auditConsents', () => {
  it('logs which texts were accepted, when and for which form; commercial messages refused as null', () => {
    info.mockClear();
    const now = new Date('2026-11-23T10:00:00.000Z');
    auditConsents('registerStep4', 'hash-1', { ...current, marketing: false }, 'request-1', now);
    auditConsents('transferRegisterStep5', 'hash-2', current, 'request-2', now);
    expect(info.mock.calls).toEqual([
      [
        {
          audit: 'consent_accepted',
          call: 'registerStep4',
          requestId: 'request-1',
          formHash: 'hash-1',
          acceptedAt: '2026-11-23T10:00:00.000Z',
          versions: { kvkk: current.kvkk, contract: current.contract, marketing: null, commitment: COMMITMENT.version },
          marketing: false,
          commitment: { productId: COMMITMENT.productId, figures: COMMITMENT.figures },
        },
        'consent accepted',
      ],
      [
        {
          audit: 'consent_accepted',
          call: 'transferRegisterStep5',
          requestId: 'request-2',
          formHash: 'hash-2',
          acceptedAt: '2026-11-23T10:00:00.000Z',
          versions: { ...versions, commitment: COMMITMENT.version },
          marketing: true,
          commitment: { productId: 1, figures: COMMITMENT.figures },
        },
        'consent accepted',
      ],
    ]);
  });

  it('dates the line now unless told otherwise', () => {
    info.mockClear();
    const before = Date.now();
    auditConsents('registerStep4', 'hash-1', current, 'request-1');
    const at = Date.parse((info.mock.calls[0]![0] as { acceptedAt: string }).acceptedAt);
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(Date.now());
  });
});
