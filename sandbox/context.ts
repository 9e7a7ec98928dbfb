import type { Store } from '@/sandbox/store';

/** What every handler and hook works with. */
export interface Context {
  store: Store;
  /** The sandbox clock in milliseconds: real time plus the offset the clock hook set. */
  now(): number;
  /** Origin of the sandbox itself, for absolute file URLs (no trailing slash). */
  origin: string;
  log(line: string): void;
  /** Least time between two codes to one phone or mail (60 s; end-to-end runs set it lower). */
  resendIntervalMs: number;
}

export const seconds = (ms: number) => Math.floor(ms / 1000);
