import { serviceNumberPattern } from '@/lib/validation/patterns';

/** Failed service-number attempts after which the contact form opens (spec §4, §9). */
export const SERVICE_NUMBER_ATTEMPTS = 3;

/** Digits only, at least 5 (spec §5). Surrounding whitespace is ignored. */
export function isServiceNumber(value: string): boolean {
  return serviceNumberPattern.test(value.trim());
}

/**
 * Connection type of the line being transferred, from its service-number prefix (spec §9):
 * 88 or 18 -> 2 (VDSL), 17 -> 1 (fibre), anything else (or not a digit string) -> null.
 */
export function connectionTypeForServiceNumber(value: string): 1 | 2 | null {
  const digits = value.trim();
  if (!/^\d+$/.test(digits)) return null;
  if (digits.startsWith('88') || digits.startsWith('18')) return 2;
  if (digits.startsWith('17')) return 1;
  return null;
}

/**
 * Why an attempt failed: the input was too short / not digits (the UI shows its validation
 * message), or the upstream refused it (its own message, or null for the generic one).
 */
export type ServiceNumberFailure = { kind: 'invalid' } | { kind: 'upstream'; message: string | null };

export type ServiceNumberOutcome = { kind: 'success' } | ServiceNumberFailure;

export interface ServiceNumberAttempts {
  /** Failures in the current round, 0 to SERVICE_NUMBER_ATTEMPTS. */
  failures: number;
  lastError: ServiceNumberFailure | null;
  /** True right after the failure that reached the limit: open the contact form with lastError. */
  openContactForm: boolean;
}

export const initialServiceNumberAttempts: ServiceNumberAttempts = {
  failures: 0,
  lastError: null,
  openContactForm: false,
};

/**
 * Counts failed service-number attempts. A success starts over. Once the contact form has been
 * opened, the next failure starts a new round of three, so a visitor who closes the form can
 * retry instead of being sent back to it on every keystroke.
 */
export function nextAttemptState(
  state: ServiceNumberAttempts,
  outcome: ServiceNumberOutcome,
): ServiceNumberAttempts {
  if (outcome.kind === 'success') return initialServiceNumberAttempts;
  const previous = state.openContactForm ? 0 : Math.max(0, state.failures);
  const failures = Math.min(previous + 1, SERVICE_NUMBER_ATTEMPTS);
  return { failures, lastError: outcome, openContactForm: failures >= SERVICE_NUMBER_ATTEMPTS };
}
