import { sandboxURL, serviceToken } from './env';

/**
 * The sandbox's own test hooks (docs/sandbox.md), called directly, as a test harness may. `base` is the
 * run's sandbox unless a test started one of its own (e2e/code-limits.spec.ts).
 */
export async function sandbox<T = unknown>(path: string, body?: unknown, base = sandboxURL): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'X-Service-Token': serviceToken, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`sandbox ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export interface OutboxEntry {
  channel: 'sms' | 'mail';
  to: string;
  code: string;
  text: string;
  created_at: number;
}

/** Every code sent to a phone (`+90 (5xx) xxx xx xx`) or mail address, newest first. */
export async function outbox(to: string, base = sandboxURL): Promise<OutboxEntry[]> {
  const { data } = await sandbox<{ data: OutboxEntry[] }>(`/__sandbox/outbox?to=${encodeURIComponent(to)}`, undefined, base);
  return data;
}

/**
 * The newest one-time code sent to a phone or mail address. Read once, no polling: callers ask only
 * after the page (or the answer of the call) showed that the code was sent, and the sandbox writes
 * its outbox before it answers, so a missing code is a failure worth seeing.
 */
export async function latestCode(to: string, base = sandboxURL): Promise<string> {
  const [newest] = await outbox(to, base);
  if (!newest) throw new Error(`no code was sent to ${to}`);
  return newest.code;
}
