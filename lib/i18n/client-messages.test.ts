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

  it('leave the wizard and the server-only texts to their own pages', () => {
    const namespaces = Object.keys(clientMessages(tr));
    for (const name of ['application', 'upstream', 'howTo', 'home', 'metadata']) expect(namespaces).not.toContain(name);
    expect(namespaces).toEqual(expect.arrayContaining(['header', 'common', 'errors', 'validation', 'login', 'contactForm', 'consents']));
  });
});
