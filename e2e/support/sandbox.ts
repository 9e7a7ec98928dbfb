import { sandboxURL, serviceToken } from './env';

/** The sandbox's own test hooks (DESIGN.md §5), called directly, as a test harness may. */
export async function sandbox<T = unknown>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${sandboxURL}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'X-Service-Token': serviceToken, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`sandbox ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface OutboxEntry {
  channel: 'sms' | 'mail';
  to: string;
  code: string;
  text: string;
  created_at: string;
}

/** The newest one-time code sent to a phone (`+90 (5xx) xxx xx xx`) or mail address. */
export async function latestCode(to: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const { data } = await sandbox<{ data: OutboxEntry[] }>(`/__sandbox/outbox?to=${encodeURIComponent(to)}`);
    if (data[0]) return data[0].code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code was sent to ${to}`);
}
