import { describe, expect, it } from 'vitest';
import { RESEND_SECONDS, resendDeadline, secondsLeft } from '@/lib/account/resend';

describe('resend countdown', () => {
  it('allows a new code 60 s after the last one', () => {
    expect(RESEND_SECONDS).toBe(60);
    expect(resendDeadline(1_000)).toBe(61_000);
    expect(resendDeadline(1_000, 5)).toBe(6_000);
  });

  it('counts whole seconds, rounded up, down to 0', () => {
    const deadline = resendDeadline(0);
    expect(secondsLeft(deadline, 0)).toBe(60);
    expect(secondsLeft(deadline, 1)).toBe(60);
    expect(secondsLeft(deadline, 1_000)).toBe(59);
    expect(secondsLeft(deadline, 59_001)).toBe(1);
    expect(secondsLeft(deadline, 60_000)).toBe(0);
    expect(secondsLeft(deadline, 90_000)).toBe(0);
  });
});
