import type { Messages } from 'next-intl';

/**
 * The namespaces client components read. Server components translate on the server, so page
 * texts (how-to, home copy) never travel in the client payload.
 */
const clientNamespaces = [
  'header',
  'common',
  'errors',
  'validation',
  'validationTitles',
  // The interaction layer: popups, notifications, login, contact form, inquiry.
  'notify',
  'contactForm',
  // The legal texts: the contact form links the KVKK notice, the wizard asks for the consents.
  'consents',
  'login',
  'inquiry',
  'subscription',
  'registeredUser',
  'noCode',
] as const satisfies readonly (keyof Messages)[];

/**
 * Of the customer area's texts (`profile`), only the popups' titles, which the layout's account views
 * name as they open them: the rest comes with the area's code (components/ui/catalogue-texts.tsx),
 * so every cached public page carries 5 KB less (home's HTML 14.0 -> 12.4 KB in brotli, inside the
 * first round trip of a new connection with its headers).
 */
function accountTitles({ title, detail, companyDocs }: Messages['profile']) {
  return { title, detail: { title: detail.title, titleUnknown: detail.titleUnknown }, companyDocs: { title: companyDocs.title } };
}

/**
 * The consents without their full texts (4 KB of the 4.5 KB): the contact form links the KVKK text,
 * which its popup loads then; the wizard's page carries the consents whole (home's HTML 12.5 -> 10.9 KB
 * in brotli).
 */
function consentLabels({ kvkk, contract, marketing, ...rest }: Messages['consents']) {
  const label = ({ version, title, label }: Messages['consents']['kvkk']) => ({ version, title, label });
  return { ...rest, kvkk: label(kvkk), contract: label(contract), marketing: label(marketing) };
}

type Whole = Exclude<(typeof clientNamespaces)[number], 'consents'>;
export type ClientMessages = Pick<Messages, Whole> & { profile: ReturnType<typeof accountTitles>; consents: ReturnType<typeof consentLabels> };

export function clientMessages(messages: Messages): ClientMessages {
  const picked = Object.fromEntries(clientNamespaces.map((key) => [key, messages[key]])) as Pick<Messages, Whole>;
  return { ...picked, profile: accountTitles(messages.profile), consents: consentLabels(messages.consents) };
}
