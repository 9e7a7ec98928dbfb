/** One-time codes may be asked for again after 60 s
 * (docs/decisions/0011-embedded-sandbox-upstream.md); the link counts down to it. */
export const RESEND_SECONDS = 60;

/** When the next code may be asked for: `seconds` (default 60) after `fromMs`. */
export function resendDeadline(fromMs: number, seconds: number = RESEND_SECONDS): number {
  return fromMs + seconds * 1000;
}

/** Whole seconds left until `deadlineMs`, rounded up, never below 0. */
export function secondsLeft(deadlineMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((deadlineMs - nowMs) / 1000));
}
