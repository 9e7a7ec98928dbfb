import 'server-only';
import { type AbstractIntlMessages, createTranslator } from 'use-intl/core';
import en from '@/messages/en.json';
import tr from '@/messages/tr.json';

/**
 * Upstream texts reach the browser only as texts of our own catalogue (spec §8 and the calls'
 * answers, messages/*.json `upstream`, `errors`, `validation`): a message the upstream sends is
 * matched against the Turkish and English catalogue and answered in the page's language; anything
 * else is dropped, and the caller answers the generic text instead. So an upstream cannot put
 * arbitrary words (or markup, or internal details) in front of people.
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
        if (parts) entries.push({ ...compile(parts), id: `${section}.${key}` });
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
