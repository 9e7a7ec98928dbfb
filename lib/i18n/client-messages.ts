import type { Messages } from 'next-intl';

/** Of the login's texts, what the home page's login field and the popup's opener show. */
function loginShell({ title, nationalityNumber, nationalityNumberHint, submit, welcome, homeHeading, homeText }: Messages['login']) {
  return { title, nationalityNumber, nationalityNumberHint, submit, welcome, homeHeading, homeText };
}

/** Of the customer area's texts (`profile`), only the popups' titles, which the layout's account views name as they open them. */
function accountTitles({ title, detail, companyDocs }: Messages['profile']) {
  return { title, detail: { title: detail.title, titleUnknown: detail.titleUnknown }, companyDocs: { title: companyDocs.title } };
}

/**
 * The texts every page carries to its client components: what every page shows (header, popup
 * host, notifications, error dialogs, the home page's login field) and the titles its popups open
 * with. Server components translate on the server, so page texts (how-to, home copy) never travel
 * here; a popup's forms and views read the language's whole catalogue, which arrives with their code
 * (components/ui/catalogue-texts.tsx), so no page carries them, and every page's HTML is the
 * smaller. Given to every page's NextIntlClientProvider (app/locale-document.tsx).
 */
export function clientMessages({ header, common, errors, notify, login, profile, contactForm, inquiry }: Messages) {
  return {
    header,
    common,
    errors,
    notify,
    login: loginShell(login),
    profile: accountTitles(profile),
    contactForm: { title: contactForm.title },
    inquiry: { title: inquiry.title },
  };
}

/**
 * The wizard's page: every page's texts, the wizard's own, and the whole of what its steps show in
 * place (field errors, the consents, the finish line's account texts) and of the dialogs it opens
 * with texts of its own (registered user, no campaign code).
 */
export function wizardMessages(messages: Messages) {
  const { application, validation, validationTitles, consents, profile, subscription, registeredUser, noCode } = messages;
  return { ...clientMessages(messages), application, validation, validationTitles, consents, profile, subscription, registeredUser, noCode };
}
