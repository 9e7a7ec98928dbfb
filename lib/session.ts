import 'server-only';
import { getIronSession, type SessionOptions } from 'iron-session';
import { cookies } from 'next/headers';
import { cache } from 'react';
import type { User } from '@/lib/api/types';
import { getConfig } from '@/lib/config';
import { SESSION_COOKIE } from '@/lib/session-cookie';
import { callUpstream } from '@/lib/upstream';

/** What the encrypted, HttpOnly session cookie holds: the customer's upstream token and nothing else. */
export interface SessionData {
  token?: string;
}


export function sessionOptions(): SessionOptions {
  const config = getConfig();
  return {
    cookieName: SESSION_COOKIE,
    password: config.sessionSecret,
    ttl: 60 * 60 * 12,
    cookieOptions: { httpOnly: true, sameSite: 'lax', secure: config.cookieSecure, path: '/' },
  };
}

export async function getSession() {
  return getIronSession<SessionData>(await cookies(), sessionOptions());
}

export type CurrentUser = { state: 'anonymous' } | { state: 'user'; user: User } | { state: 'rejected' } | { state: 'unavailable' };

/**
 * Start-up of spec §4 on the server: a session token is checked with token-auth. `rejected` means
 * the upstream refused the token (the caller clears the session where it may write cookies);
 * `unavailable` means the upstream could not be asked, so the session is kept.
 */
export async function resolveUser(token: string | undefined): Promise<CurrentUser> {
  if (!token) return { state: 'anonymous' };
  try {
    const { status, envelope } = await callUpstream<User>('tokenAuth', { json: { token } });
    if (envelope.status && envelope.data) return { state: 'user', user: envelope.data };
    return status === 401 || status === 403 || status === 404 ? { state: 'rejected' } : { state: 'unavailable' };
  } catch {
    return { state: 'unavailable' };
  }
}

/** The signed-in customer for server components, asked once per request. */
export const getCurrentUser = cache(async (): Promise<User | null> => {
  const result = await resolveUser((await getSession()).token);
  return result.state === 'user' ? result.user : null;
});
