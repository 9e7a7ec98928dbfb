/**
 * The accessibility statement's facts (app/[locale]/erisilebilirlik): the standard, the date of the
 * last check and the known exceptions, whose texts are messages/*.json `accessibility.exceptions`.
 * Change the date when the checks (docs/requirements.md, "The law beyond the specification") were
 * last run and read against the site; an exception fixed leaves this list and both catalogues.
 */
export const ACCESSIBILITY_STANDARD = 'WCAG 2.2 AA';

/** The last check, as an ISO date (YYYY-MM-DD). */
export const ACCESSIBILITY_CHECKED = '2026-11-29';

export const ACCESSIBILITY_EXCEPTIONS = ['edevlet', 'uploads', 'codes', 'assistive'] as const;
