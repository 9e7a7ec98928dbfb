import type { SessionUser } from '@/lib/api/types';

/**
 * A logged-in customer's view of a public page, for the cost of filling in a template. The page is
 * the same for every customer but for who they are, so this server renders it once with a
 * stand-in customer whose every field is a marker (`TEMPLATE_USER`), keeps that render in Next.js's
 * cache beside the anonymous one (lib/pages/public-page-cache.ts), and answers each customer's view by
 * putting the customer's values where the markers are: HTML-escaped in the markup, escaped as the
 * React Flight payload and Next.js's inline script escape them in the payload. The name is in the
 * first HTML and hydration finds the markup it would render itself
 * (docs/decisions/0015-customer-pages-from-a-template.md).
 *
 * A template is used only when every marker is where it may be: the name and surname in the
 * markup and once, as a whole JSON string, in the payload; every other field once in the payload
 * and never in the markup (a page that showed it would need a render of its own). Anything else,
 * say a marker split across two payload chunks, makes `fillCustomerPage` answer undefined, and the
 * view is rendered for the customer as before.
 */

/** Plain letters and digits: React's HTML escaping and JSON leave them as they are. */
const marker = (field: string) => `Qz7obTpl${field}`;

const MARKERS = {
  userId: marker('UserId'),
  name: marker('Name'),
  surname: marker('Surname'),
  nationalityNumber: marker('NationalityNumber'),
  confirmStatus: marker('ConfirmStatus'),
  subscriptions: marker('Subscriptions'),
} as const;

type Field = keyof typeof MARKERS;

/** The stand-in customer the template is rendered with; each field is its marker (numbers and the list as strings). */
export const TEMPLATE_USER = {
  user_id: MARKERS.userId,
  data: {
    name: MARKERS.name,
    surname: MARKERS.surname,
    nationality_number: MARKERS.nationalityNumber,
    confirm_nationality: { status: MARKERS.confirmStatus },
  },
  subscriptions: MARKERS.subscriptions,
} as unknown as SessionUser;

/** Fields the markup may show (header-actions.tsx's button). */
const SHOWN: ReadonlySet<Field> = new Set(['name', 'surname']);

/** React DOM's escaping of text and attribute values (escapeTextForBrowser). */
const HTML_ESCAPES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };
const escapeHtml = (text: string) => text.replace(/["&'<>]/g, (character) => HTML_ESCAPES[character]!);

/** Next.js's escaping of the inline payload script (htmlEscapeJsonString). */
const SCRIPT_ESCAPES: Record<string, string> = { '&': '\\u0026', '>': '\\u003e', '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };
const escapeScript = (text: string) => text.replace(/[&><\u2028\u2029]/g, (character) => SCRIPT_ESCAPES[character]!);

/** Longer strings React Flight moves to rows of their own; a customer's fields are far shorter. */
const FLIGHT_INLINE_STRING_LIMIT = 1000;

/**
 * A value as React Flight writes it in a row (JSON, a string starting with `$` escaped as `$$`),
 * then as Next.js puts the row inside a JavaScript string in the page: `\"…\"`.
 */
function payloadText(value: unknown): string | undefined {
  let tooLong = false;
  const row = JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item !== 'string') return item;
    if (item.length >= FLIGHT_INLINE_STRING_LIMIT) tooLong = true;
    return item.startsWith('$') ? `$${item}` : item;
  });
  return tooLong ? undefined : escapeScript(JSON.stringify(row).slice(1, -1));
}

const valueOf: Record<Field, (user: SessionUser) => unknown> = {
  userId: (user) => user.user_id,
  name: (user) => user.data.name,
  surname: (user) => user.data.surname,
  nationalityNumber: (user) => user.data.nationality_number,
  confirmStatus: (user) => user.data.confirm_nationality.status,
  subscriptions: (user) => user.subscriptions,
};

const FIELDS = Object.keys(MARKERS) as Field[];
/** Inline scripts, with their tags; everything between them is markup. */
const INLINE_SCRIPT = /(<script\b[^>]*>)([\s\S]*?)(<\/script>)/gi;
const PAYLOAD_SCRIPT = 'self.__next_f.push(';

const count = (text: string, part: string) => text.split(part).length - 1;

/**
 * The template filled in for `user`, or undefined when the template (or a value) cannot be filled
 * in safely; the caller then renders the page for the customer.
 */
export function fillCustomerPage(template: string, user: SessionUser): string | undefined {
  // An empty text renders no text node at all, which the template's markup has.
  if (!user.data.name || !user.data.surname) return undefined;
  const payloadValues = new Map<Field, string>();
  for (const field of FIELDS) {
    const text = payloadText(valueOf[field](user));
    if (text === undefined) return undefined;
    payloadValues.set(field, text);
  }
  const seenInPayload = new Map<Field, number>(FIELDS.map((field) => [field, 0]));
  let valid = true;
  const fillMarkup = (markup: string) => {
    for (const field of FIELDS) {
      if (!markup.includes(MARKERS[field])) continue;
      if (!SHOWN.has(field)) valid = false;
      // A function, not a string: a replacement string would read `$$` and `$&` as patterns.
      else markup = markup.replaceAll(MARKERS[field], () => escapeHtml(String(valueOf[field](user))));
    }
    return markup;
  };
  const parts: string[] = [];
  let last = 0;
  for (const match of template.matchAll(INLINE_SCRIPT)) {
    const [whole, open = '', body = '', close = ''] = match;
    parts.push(fillMarkup(template.slice(last, match.index)));
    let script = body;
    if (script.includes(PAYLOAD_SCRIPT)) {
      for (const field of FIELDS) {
        const quoted = `\\"${MARKERS[field]}\\"`;
        const times = count(script, quoted);
        if (times === 0) continue;
        seenInPayload.set(field, seenInPayload.get(field)! + times);
        script = script.replaceAll(quoted, () => payloadValues.get(field)!);
      }
    }
    // A marker left in a script is one this function does not know how to fill.
    if (FIELDS.some((field) => script.includes(MARKERS[field]))) valid = false;
    parts.push(open, script, close);
    last = match.index + whole.length;
  }
  parts.push(fillMarkup(template.slice(last)));
  if (!valid || FIELDS.some((field) => seenInPayload.get(field) !== 1)) return undefined;
  return parts.join('');
}
