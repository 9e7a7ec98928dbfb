import { describe, expect, it } from 'vitest';
import { clientMessages, wizardMessages } from '@/lib/i18n/client-messages';
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

  it('hold the home page login field and the popups’ titles, and leave the popups’ forms to the catalogue', () => {
    for (const catalogue of [tr, en]) {
      const { login, contactForm, inquiry } = clientMessages(catalogue);
      expect(Object.keys(login).sort()).toEqual(['homeHeading', 'homeText', 'nationalityNumber', 'nationalityNumberHint', 'submit', 'title', 'welcome']);
      for (const text of Object.values(login)) expect(text).toBeTruthy();
      expect(contactForm).toEqual({ title: catalogue.contactForm.title });
      expect(inquiry).toEqual({ title: catalogue.inquiry.title });
    }
  });

  it('are what every page shows whole, and nothing of the popups’ forms, the wizard or the server', () => {
    const page = clientMessages(tr);
    expect(Object.keys(page).sort()).toEqual(['common', 'contactForm', 'errors', 'header', 'inquiry', 'login', 'notify', 'profile']);
    for (const name of ['header', 'common', 'errors', 'notify'] as const) expect(page[name]).toEqual(tr[name]);
    const json = JSON.stringify(page);
    // The steps' texts (the SMS code), the field errors and the consents' texts are not on the page.
    for (const text of [tr.login.code, tr.validation.required, tr.validationTitles.nationalityNumber, tr.consents.kvkk.label, tr.subscription.emptyText]) {
      expect(json).not.toContain(JSON.stringify(text).slice(1, -1));
    }
  });
});

describe('texts the wizard’s page carries', () => {
  it('add the wizard’s own and the whole of what its steps and dialogs show', () => {
    for (const catalogue of [tr, en]) {
      const wizard = wizardMessages(catalogue);
      expect(wizard).toMatchObject(clientMessages(catalogue));
      for (const name of ['application', 'validation', 'validationTitles', 'consents', 'profile', 'subscription', 'registeredUser', 'noCode'] as const) expect(wizard[name]).toEqual(catalogue[name]);
      for (const name of ['howTo', 'home', 'metadata', 'upstream']) expect(Object.keys(wizard)).not.toContain(name);
    }
  });
});
