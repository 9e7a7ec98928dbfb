import 'server-only';
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
  texts: { tr: string; en: string };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function compile(template: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = template
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!name) return escape(part);
      names.push(name);
      return '(\\d{1,7})';
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`), names };
}

let entries: Entry[] | undefined;
function catalogue(): Entry[] {
  if (entries) return entries;
  entries = [];
  for (const section of SECTIONS) {
    const trTexts = tr[section] as Record<string, string>;
    const enTexts = en[section] as Record<string, string>;
    for (const [key, trText] of Object.entries(trTexts)) {
      const enText = enTexts[key];
      if (typeof trText !== 'string' || typeof enText !== 'string') continue;
      for (const template of [trText, enText]) entries.push({ ...compile(template), texts: { tr: trText, en: enText } });
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
    const values = Object.fromEntries(entry.names.map((name, i) => [name, match[i + 1]]));
    return entry.texts[locale].replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
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
