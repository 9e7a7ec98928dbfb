import { describe, expect, it } from 'vitest';
import { clientMessages } from '@/lib/i18n/client-messages';
import en from '@/messages/en.json';
import tr from '@/messages/tr.json';

describe('texts every page carries', () => {
  it('hold of the customer area only the titles the account views open their popups with', () => {
    for (const catalogue of [tr, en]) {
      const { profile } = clientMessages(catalogue);
      expect(profile).toEqual({
        title: catalogue.profile.title,
        detail: { title: catalogue.profile.detail.title, titleUnknown: catalogue.profile.detail.titleUnknown },
        companyDocs: { title: catalogue.profile.companyDocs.title },
      });
      for (const text of [profile.title, profile.detail.title, profile.detail.titleUnknown, profile.companyDocs.title]) expect(text).toBeTruthy();
    }
  });

  it('hold the consents\' titles, labels and versions, and leave their full texts to the popup that shows them', () => {
    for (const catalogue of [tr, en]) {
      const { consents } = clientMessages(catalogue);
      for (const kind of ['kvkk', 'contract', 'marketing'] as const) {
        const { text, ...labels } = catalogue.consents[kind];
        expect(text.length).toBeGreaterThan(100);
        expect(consents[kind]).toEqual(labels);
        expect(JSON.stringify(consents)).not.toContain(text.slice(0, 40));
      }
      expect(consents.heading).toBe(catalogue.consents.heading);
      expect(consents.versionLabel).toBe(catalogue.consents.versionLabel);
    }
  });

  it('leave the wizard and the server-only texts to their own pages', () => {
    const namespaces = Object.keys(clientMessages(tr));
    for (const name of ['application', 'upstream', 'howTo', 'home', 'metadata']) expect(namespaces).not.toContain(name);
    expect(namespaces).toEqual(expect.arrayContaining(['header', 'common', 'errors', 'validation', 'login', 'contactForm', 'consents']));
  });
});
