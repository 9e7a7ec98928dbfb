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
  // The customer area: the profile popup and its subscription details.
  'profile',
] as const satisfies readonly (keyof Messages)[];

export function clientMessages(messages: Messages): Pick<Messages, (typeof clientNamespaces)[number]> {
  return Object.fromEntries(clientNamespaces.map((key) => [key, messages[key]])) as Pick<
    Messages,
    (typeof clientNamespaces)[number]
  >;
}
