import 'server-only';
import { randomUUID } from 'node:crypto';
import { getIronSession, type IronSession, type SessionOptions, unsealData } from 'iron-session';
import { LRUCache } from 'lru-cache';
import { cookies, headers } from 'next/headers';
import { cache } from 'react';
import type { SessionUser, User } from '@/lib/api/types';
import { getConfig } from '@/lib/server/config';
import { TEMPLATE_USER } from '@/lib/pages/customer-page';
import { sortSubscriptions, subscriptionSummary } from '@/lib/domain/subscription';
import { ownRenderKind } from '@/lib/pages/public-page';
import { sessionRevocation } from '@/lib/session/revocation';
import type { RenderedSession } from '@/lib/session/state';
import { SESSION_COOKIE, SESSION_TTL_SECONDS } from '@/lib/session/cookie';
import { callUpstream } from '@/lib/upstream/upstream';

/**
 * What the encrypted, HttpOnly session cookie holds: the customer's upstream token and the id
 * logout revokes on the server (a copied cookie stops working with it).
 */
export interface SessionData {
  token?: string;
  sid?: string;
  /** When it was issued (epoch ms): after a Redis outage, sessions from before it ended no longer count (lib/session/revocation.ts). */
  at?: number;
}


/** `__Host-` over HTTPS: the browser then refuses it from a subdomain or without Secure and Path=/. */
export function sessionCookieName(): string {
  return getConfig().cookieSecure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

/** `password` opens a cookie sealed with any key of the ring; startSession seals with its first key alone. */
export function sessionOptions(): SessionOptions {
  const config = getConfig();
  return {
    cookieName: sessionCookieName(),
    password: config.sessionKeys.opening,
    ttl: SESSION_TTL_SECONDS,
    cookieOptions: { httpOnly: true, sameSite: 'lax', secure: config.cookieSecure, path: '/' },
  };
}

/**
 * The session; one whose id was revoked by a logout (or that has none), or that cannot be checked
 * while Redis is down, holds no token.
 */
export async function getSession(): Promise<IronSession<SessionData>> {
  const session = await getIronSession<SessionData>(await cookies(), sessionOptions());
  if (session.token && !(await stillHolds(session))) {
    session.token = undefined;
    session.sid = undefined;
    session.at = undefined;
  }
  return session;
}

/** Whether a session's id still counts: it has one, no logout revoked it, and Redis could say so. */
const stillHolds = async ({ sid, at }: SessionData) => Boolean(sid) && (await sessionRevocation().holds(sid!, at ?? 0));

/** Cookies opened lately, by their sealed value: opening one costs a key derivation and a decryption. */
const opened = new LRUCache<string, SessionData>({ max: 10_000, ttl: 60_000, ttlResolution: 0 });

/** When a seal stops opening (iron's expiration field, epoch ms), or undefined. */
export function sealExpiry(seal: string): number | undefined {
  const expiration = Number(seal.split('~')[0]?.split('*')[5]);
  return Number.isFinite(expiration) && expiration > 0 ? expiration : undefined;
}

/**
 * The session's token for reading, as getSession finds it: the same cookie opens to the same
 * data, so an opened one is kept for a minute, never past its seal's expiration.
 */
export async function sessionToken(): Promise<string | undefined> {
  const seal = (await cookies()).get(sessionCookieName())?.value;
  if (!seal) return undefined;
  let data = opened.get(seal);
  if (!data) {
    const { password, ttl } = sessionOptions();
    data = await unsealData<SessionData>(seal, { password, ttl });
    const left = (sealExpiry(seal) ?? 0) - Date.now();
    if (left > 0) opened.set(seal, data, { ttl: Math.min(60_000, left) });
  }
  return data.token && (await stillHolds(data)) ? data.token : undefined;
}

/**
 * After a login: the token, under a fresh session id, in a cookie sealed with the ring's sealing
 * key (iron-session seals with the highest key it is given, so it is given that one alone).
 */
export async function startSession(token: string): Promise<void> {
  const session = await getIronSession<SessionData>(await cookies(), { ...sessionOptions(), password: getConfig().sessionKeys.sealing });
  session.token = token;
  session.sid = randomUUID();
  session.at = Date.now();
  await session.save();
}

/** Logout: the id is revoked where every instance looks (Redis), then the cookie goes. */
export async function endSession(session: IronSession<SessionData>): Promise<void> {
  // The id as the cookie holds it: getSession drops it when it cannot be checked (Redis down), and
  // a logout then is the one that most needs keeping until Redis can take it.
  const { sid } = await getIronSession<SessionData>(await cookies(), sessionOptions());
  if (sid) await sessionRevocation().revoke(sid);
  session.destroy();
}

export type TokenCheck = { state: 'anonymous' } | { state: 'user'; user: User } | { state: 'rejected' } | { state: 'unavailable' };

/**
 * Start-up of spec §4 on the server: a session token is checked with token-auth. `rejected` means
 * the upstream refused the token (the caller clears the session where it may write cookies);
 * `unavailable` means the upstream could not be asked, so the session is kept.
 */
export async function resolveUser(token: string | undefined): Promise<TokenCheck> {
  if (!token) return { state: 'anonymous' };
  try {
    const { status, envelope } = await callUpstream<User>('tokenAuth', { json: { token } });
    if (envelope.status && envelope.data) return { state: 'user', user: envelope.data };
    return status === 401 || status === 403 || status === 404 ? { state: 'rejected' } : { state: 'unavailable' };
  } catch {
    return { state: 'unavailable' };
  }
}

/**
 * The customer as every page carries it: only what the header, login, inquiry list and wizard show.
 * Read defensively: an upstream answer missing a part gives an empty value, not an error. The
 * subscriptions are put newest first here, once (spec §3), whatever order the upstream sent: the
 * lists show them as they come.
 */
export function sessionUser(user: User): SessionUser {
  const data: Partial<User['data']> = user.data ?? {};
  return {
    user_id: user.user_id,
    data: {
      name: data.name ?? '',
      surname: data.surname ?? '',
      nationality_number: data.nationality_number ?? '',
      confirm_nationality: { status: data.confirm_nationality?.status ?? 0 },
    },
    subscriptions: sortSubscriptions(Array.isArray(user.subscriptions) ? user.subscriptions : []).map(subscriptionSummary),
  };
}

/** The profile's data: everything but the modem credentials, which their own tab asks for; subscriptions newest first. */
export function profileUser(user: User): User {
  return {
    ...user,
    subscriptions: sortSubscriptions(Array.isArray(user.subscriptions) ? user.subscriptions : []).map((subscription) => ({
      ...subscription,
      data: { ...subscription.data, auth_params: subscription.data.auth_params ? { username: '', password: '' } : null },
    })),
  };
}

/**
 * The signed-in customer for server components, asked once per request; `unavailable` when the
 * upstream could not be asked about the session's token (the page then says nothing about it, and
 * the browser keeps the customer it knows: lib/session/state.ts).
 */
export const getCurrentSession = cache(async (): Promise<RenderedSession> => {
  // The customers' template of a public page: its stand-in customer (lib/pages/customer-page.ts).
  if (ownRenderKind(await headers()) === 'customer') return { user: TEMPLATE_USER, unavailable: false };
  const result = await resolveUser(await sessionToken());
  return { user: result.state === 'user' ? sessionUser(result.user) : null, unavailable: result.state === 'unavailable' };
});
