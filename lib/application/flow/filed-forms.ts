/** The forms filed in this browser, shared by its tabs through localStorage: a tab whose form another tab filed shows so. */

/** localStorage key of the forms filed in this browser: random ids, no personal data. */
export const FILED_FORMS_KEY = 'basvuru:filed';
const FILED_FORMS_KEPT_MS = 24 * 60 * 60 * 1000;
const FILED_FORMS_MAX = 20;

type FiledForms = { id: string; at: number }[];

function readFiledForms(raw: string | null): FiledForms {
  try {
    // Stryker disable next-line StringLiteral: equivalent, `JSON.parse('')` throws, and the catch gives the same empty list.
    const parsed: unknown = JSON.parse(raw ?? '[]');
    // Stryker disable next-line ArrayDeclaration: equivalent, an entry without a numeric time is dropped by both callers.
    return Array.isArray(parsed) ? parsed.filter((entry): entry is FiledForms[number] => typeof entry?.id === 'string' && typeof entry?.at === 'number') : [];
  } catch {
    // Stryker disable next-line ArrayDeclaration: as above.
    return [];
  }
}

/** The ids of the forms filed in this browser in the last day. */
export function filedFormIds(raw: string | null, now: number): string[] {
  return readFiledForms(raw)
    .filter((entry) => now - entry.at < FILED_FORMS_KEPT_MS)
    .map((entry) => entry.id);
}

/** The stored list with one more filed form (the oldest dropped beyond a day or twenty entries). */
export function withFiledForm(raw: string | null, formId: string, now: number): string {
  const kept = readFiledForms(raw).filter((entry) => now - entry.at < FILED_FORMS_KEPT_MS && entry.id !== formId);
  return JSON.stringify([...kept, { id: formId, at: now }].slice(-FILED_FORMS_MAX));
}
