import 'server-only';
import { type AbstractIntlMessages, createTranslator } from 'use-intl/core';
import en from '@/messages/en.json';
import tr from '@/messages/tr.json';

/**
 * What an upstream's words become in the browser. A message of our own catalogue (spec §8 and the
 * calls' answers, messages/*.json `upstream`, `errors`, `validation`) is matched in Turkish or
 * English and answered in the page's language. Any other message of a refusal about the request
 * (4xx) is shown as the upstream sent it, as spec §8 says, but only as one line of plain text of
 * bounded length (`plainUpstreamText`). Server trouble (5xx), timeouts and answers that are not the
 * envelope keep the catalogue's texts: there the upstream's words are more likely internal details
 * than something the person can act on.
 */
const SECTIONS = ['upstream', 'errors', 'validation'] as const;

interface Entry {
  pattern: RegExp;
  names: string[];
  /** `section.key` of the text in messages/*.json. */
  id: string;
}

/**
 * The formatter of a catalogue (next-intl's, so ICU plurals hold). Keys are found at run time here
 * (any `section.key` of the three sections), so the app's typed keys are let go of in this one place.
 */
function translatorOf(locale: 'tr' | 'en', messages: AbstractIntlMessages): (id: string, values: Record<string, number>) => string {
  const translate = createTranslator({ locale, messages });
  return (id, values) => translate(id as never, values as never);
}
const translators = { tr: translatorOf('tr', tr), en: translatorOf('en', en) };

/** A catalogue text as literal parts and its `{name}` arguments. */
type Part = string | { name: string };

/**
 * The parts of a plain template (literal text and `{name}` arguments only); undefined for anything
 * else (an ICU plural or select, a tag), which cannot be matched. A message comes in one of two
 * shapes: the ICU string of messages/*.json (vitest, which reads the files as they are), or the
 * build's precompiled form (next.config.ts, `experimental.messages.precompile`: next-intl's loader
 * turns each string into icu-minify's form, a plain text staying a string and a text with
 * arguments becoming an array of literal strings and `[name]` arguments). Both read the same.
 */
function partsOf(message: unknown): Part[] | undefined {
  if (typeof message === 'string') {
    if (/\{\w+,|<\w/.test(message)) return undefined;
    return message
      .split(/(\{\w+\})/)
      .filter((part) => part !== '')
      .map((part) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        return name ? { name } : part;
      });
  }
  if (!Array.isArray(message)) return undefined;
  const parts: Part[] = [];
  for (const item of message as unknown[]) {
    if (typeof item === 'string') parts.push(item);
    else if (Array.isArray(item) && item.length === 1 && typeof item[0] === 'string') parts.push({ name: item[0] });
    else return undefined;
  }
  return parts;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function compile(parts: Part[]): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = parts
    .map((part) => {
      if (typeof part === 'string') return escape(part);
      names.push(part.name);
      return '(\\d{1,7})';
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`), names };
}

/** A message in either shape (`partsOf`): a string, or a precompiled array; not a nested section. */
const isMessage = (value: unknown): boolean => typeof value === 'string' || Array.isArray(value);

let entries: Entry[] | undefined;
function catalogue(): Entry[] {
  if (entries) return entries;
  entries = [];
  for (const section of SECTIONS) {
    const trTexts = tr[section] as Record<string, unknown>;
    const enTexts = en[section] as Record<string, unknown>;
    for (const [key, trText] of Object.entries(trTexts)) {
      const enText = enTexts[key];
      // Both translations must be texts (a nested entry is none, a missing one neither).
      if (!isMessage(trText) || !isMessage(enText)) continue;
      for (const template of [trText, enText]) {
        const parts = partsOf(template);
        // A template of arguments alone (the upstream's own words, `errors.upstreamText`) names no message.
        if (parts?.some((part) => typeof part === 'string')) entries.push({ ...compile(parts), id: `${section}.${key}` });
      }
    }
  }
  return entries;
}

/** The catalogue's text for an upstream message, in `locale`; undefined for anything else. */
export function catalogueText(message: unknown, locale: 'tr' | 'en'): string | undefined {
  if (typeof message !== 'string' || message.length > 500) return undefined;
  const wanted = message.trim();
  for (const entry of catalogue()) {
    const match = entry.pattern.exec(wanted);
    if (!match) continue;
    // Every argument is a number (`compile`), which the English plurals need as one.
    const values = Object.fromEntries(entry.names.map((name, i) => [name, Number(match[i + 1])]));
    return translators[locale](entry.id, values);
  }
  return undefined;
}

/** The longest upstream message shown as sent, in characters (a longer one is cut, with an ellipsis). */
export const UPSTREAM_TEXT_MAX = 300;

/**
 * Control characters (C0, DEL, C1) and the invisible marks that reorder or hide text (bidi
 * embeddings, overrides and isolates, zero-width characters): an upstream message could use them to
 * make the words read differently from what they are.
 */
const HIDDEN = /[\p{Cc}\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/gu;

/**
 * An upstream message as people may read it: one line (every run of white space, line breaks
 * included, one space), hidden characters removed, trimmed, at most `UPSTREAM_TEXT_MAX` characters
 * (cut between characters, never inside one, the last one an ellipsis). Undefined when nothing is
 * left. It stays text: React escapes it where it is shown, so `<b>` reads as `<b>`.
 */
export function plainUpstreamText(message: unknown): string | undefined {
  if (typeof message !== 'string') return undefined;
  const characters = Array.from(message.replace(/\s+/g, ' ').replace(HIDDEN, '').replace(/ {2,}/g, ' ').trim());
  if (characters.length === 0) return undefined;
  if (characters.length <= UPSTREAM_TEXT_MAX) return characters.join('');
  return `${characters.slice(0, UPSTREAM_TEXT_MAX - 1).join('').trimEnd()}…`;
}

/** A refusal's text for the browser, and whether it is the upstream's own words rather than ours. */
export interface RefusalText {
  message: string;
  asSent: boolean;
}

/**
 * The text of a refusal (spec §8): the catalogue's, in the page's language, when the catalogue knows
 * the message; the upstream's own words when it refused the request (4xx) with a message we do not
 * know; else the catalogue's fallback, 'Bir hatadan dolayı işleminiz alınamamaktadır…'.
 */
export function refusalText(message: unknown, status: number, locale: 'tr' | 'en', fallback: string): RefusalText {
  const known = catalogueText(message, locale);
  if (known) return { message: known, asSent: false };
  const plain = status >= 400 && status < 500 ? plainUpstreamText(message) : undefined;
  return plain ? { message: plain, asSent: true } : { message: fallback, asSent: false };
}

/**
 * The parts of an upstream's `details` the pages act on, each checked for its form: the
 * registered-user flag, the field a refusal is about, a reason code, a wait, tries left and a
 * validator code. Nothing else passes.
 */
export function safeDetails(details: unknown): Record<string, unknown> | undefined {
  if (!details || typeof details !== 'object' || Array.isArray(details)) return undefined;
  const source = details as Record<string, unknown>;
  const kept: Record<string, unknown> = {};
  if (source.registered_user === true) kept.registered_user = true;
  if (typeof source.field === 'string' && /^[a-z][a-z0-9_-]{0,39}$/.test(source.field)) kept.field = source.field;
  if (typeof source.reason === 'string' && /^[a-z][a-z_]{0,39}$/.test(source.reason)) kept.reason = source.reason;
  if (typeof source.code === 'string' && /^\d{3}$/.test(source.code)) kept.code = source.code;
  for (const name of ['retry_after', 'tries_left'] as const) {
    const value = source[name];
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 86_400) kept[name] = value;
  }
  return Object.keys(kept).length > 0 ? kept : undefined;
}
