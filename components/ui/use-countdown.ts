'use client';

import { useEffect, useState } from 'react';
import { resendDeadline, secondsLeft } from '@/lib/account/resend';

/** Whole seconds until `seconds` after `since` (ms), ticking down to 0. */
export function useCountdown(since: number, seconds: number): number {
  const deadline = resendDeadline(since, seconds);
  // The clock is read in the timer only; until its first tick the countdown starts from `since`.
  const [clock, setClock] = useState({ deadline, now: since });
  const now = clock.deadline === deadline ? clock.now : since;
  const left = secondsLeft(deadline, now);
  const running = left > 0;

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setClock({ deadline, now: Date.now() }), 250);
    return () => window.clearInterval(timer);
  }, [deadline, running]);

  return left;
}
