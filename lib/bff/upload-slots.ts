import 'server-only';
import { getConfig } from '@/lib/server/config';
import { metrics } from '@/lib/observability/metrics';

/**
 * At most `max` uploads in flight in this process, one instance (UPLOADS_IN_FLIGHT, lib/server/config.ts); the rest answer 503 with Retry-After at once, before their body is read.
 * An upload holds at most two files of 4,000,000 bytes once, so memory stays under max x 8 MB.
 */
export class UploadSlots {
  private used = 0;

  constructor(readonly max: number) {}

  /** A release function, or null when every slot is taken. */
  tryAcquire(): (() => void) | null {
    if (this.used >= this.max) return null;
    this.used += 1;
    metrics()?.uploadsInFlight.inc();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.used -= 1;
      metrics()?.uploadsInFlight.dec();
    };
  }

  get inFlight(): number {
    return this.used;
  }
}

let slots: UploadSlots | undefined;
export function uploadSlots(): UploadSlots {
  slots ??= new UploadSlots(getConfig().uploadsInFlight);
  return slots;
}
