'use client';

import { useRouter } from 'next/navigation';
import { createContext, type ReactNode, startTransition, useCallback, useContext, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '@/lib/api/api-error';
import { SESSION_ENDPOINT as SESSION_URL } from '@/lib/api/session-endpoint';
import type { SessionUser } from '@/lib/api/types';

// The fetcher module (with the call list and its schemas) loads only when the session is asked for.
const loadClient = () => import('@/lib/api/client');

async function fetchSessionUser(): Promise<SessionUser | null> {
  const { requestJson } = await loadClient();
  try {
    return (await requestJson<SessionUser | null>(SESSION_URL)).data ?? null;
  } catch (error) {
    // Ended just now (its token refused): the fetcher has told components/account/session-expiry.tsx.
    if (error instanceof ApiError && error.isSessionExpired) return null;
    throw error;
  }
}

interface SessionState {
  user: SessionUser | null;
  setUser: (user: SessionUser | null) => void;
  /** The user as last set, before React has rendered it. */
  latestUser: () => SessionUser | null;
}

const SessionContext = createContext<SessionState | null>(null);

/**
 * The signed-in customer on the client. The server already resolved the session for this request,
 * so the first render (server and client) shows its user with no request and no flash; login and
 * logout update it in place. Plain React state: every page loads this, and a cache library would
 * add its code to every first load for one value.
 */
export function SessionProvider({ initialUser, children }: { initialUser: SessionUser | null; children: ReactNode }) {
  const [user, setState] = useState(initialUser);
  // What the URL's events read (components/account/account-views.tsx): a login's success opens the
  // profile in the same tick as it sets the user, before any render.
  const latest = useRef(initialUser);
  const setUser = useCallback((next: SessionUser | null) => {
    latest.current = next;
    setState(next);
  }, []);
  // A server render after router.refresh() brings the session as the server sees it now.
  const [serverUser, setServerUser] = useState(initialUser);
  if (initialUser !== serverUser) {
    setServerUser(initialUser);
    setState(initialUser);
  }
  useLayoutEffect(() => {
    latest.current = user;
  }, [user]);
  const latestUser = useCallback(() => latest.current, []);
  const value = useMemo(() => ({ user, setUser, latestUser }), [user, setUser, latestUser]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export interface CurrentUser {
  /** The customer, or null when logged out. */
  user: SessionUser | null;
  /** After login (auth, register-step-4, transfer-register-step-5): show this user everywhere. */
  setUser: (user: SessionUser) => Promise<void>;
  /** Asks the server again (after an upload or a new subscription, say). */
  refresh: () => Promise<SessionUser | null>;
  /** Ends the session (spec §4: the token is removed and the user cleared). */
  logout: () => Promise<void>;
  /** The server already ended the session (its token was refused): show everyone as logged out. */
  expire: () => void;
  /** The user as last set, for code that runs outside a render (an event of the URL, say). */
  latestUser: () => SessionUser | null;
}

export function useCurrentUser(): CurrentUser {
  const router = useRouter();
  const session = useContext(SessionContext);
  if (!session) throw new Error('useCurrentUser needs the SessionProvider (mounted in the locale layout)');
  const { user, setUser: setState, latestUser } = session;

  // Server components (the page below the header) read the session too: re-render them in place.
  const refreshServer = useCallback(() => startTransition(() => router.refresh()), [router]);

  const setUser = useCallback(
    async (next: SessionUser) => {
      setState(next);
      refreshServer();
    },
    [setState, refreshServer],
  );

  const refresh = useCallback(async () => {
    const next = await fetchSessionUser();
    setState(next);
    return next;
  }, [setState]);

  const logout = useCallback(async () => {
    const { requestJson } = await loadClient();
    await requestJson(SESSION_URL, { method: 'DELETE' });
    setState(null);
    refreshServer();
  }, [setState, refreshServer]);

  const expire = useCallback(() => {
    setState(null);
    refreshServer();
  }, [setState, refreshServer]);

  return { user, setUser, refresh, logout, expire, latestUser };
}
