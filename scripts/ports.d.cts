import type { ChildProcess } from 'node:child_process';

/** Types of scripts/ports.cjs for the TypeScript that starts servers (e2e/, the test tools). */
export interface WaitOptions {
  /** 60 s unless given. */
  timeoutMs?: number;
  /** Between two checks; 150 ms unless given. */
  intervalMs?: number;
  /** The process being waited for: its end fails the wait at once. */
  child?: Pick<ChildProcess, 'exitCode' | 'signalCode'>;
  /** What the failure adds (a log, the containers' states). */
  detail?: () => string;
}

export interface HttpWaitOptions extends WaitOptions {
  /** The failure's name for what did not come up; the URL unless given. */
  what?: string;
  /** Whether a status means ready; 2xx unless given. */
  ok?: (status: number) => boolean;
  headers?: Record<string, string>;
  /** Each GET's bound; 5 s unless given. */
  requestTimeoutMs?: number;
}

export function freePort(): Promise<number>;
export function waitUntil(what: string, check: () => boolean | Promise<boolean>, options?: WaitOptions): Promise<void>;
export function listening(port: number | string, host?: string): Promise<boolean>;
export function waitForPort(what: string, port: number | string, options?: WaitOptions): Promise<void>;
export function waitForHttp(url: string, options?: HttpWaitOptions): Promise<void>;
