'use client';

import { useRouter } from 'next/navigation';
import { createContext, type ReactNode, startTransition, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import { ApiError, SESSION_EXPIRED_EVENT } from '@/lib/api/api-error';
import { SESSION_ENDPOINT as SESSION_URL } from '@/lib/api/session-endpoint';
import type { SessionUser } from '@/lib/api/types';
import { type EndedSession, initialSessionState, type RenderedSession, sessionReducer, type SessionEvent, type SessionState } from '@/lib/session/state';

// The fetcher module (with the call list and its schemas) loads only when the session is asked for.
const loadClient = () => import('@/lib/api/client');

async function fetchSessionUser(): Promise<SessionUser | null> {
  const { requestJson } = await loadClient();
  try {
    return (await requestJson<SessionUser | null>(SESSION_URL)).data ?? null;
  } catch (error) {
    // Ended just now (its token refused): the fetcher has told the provider already.
    if (error instanceof ApiError && error.isSessionExpired) return null;
    throw error;
  }
}

interface SessionContextValue {
  state: SessionState;
  dispatch: (event: SessionEvent) => void;
  /** The user as last set, before React has rendered it. */
  latestUser: () => SessionUser | null;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/**
 * The signed-in customer on the client. The server already resolved the session for this request,
 * so the first render (server and client) shows its user with no request and no flash; login and
 * logout update it in place. Plain React state: every page loads this, and a cache library would
 * add its code to every first load for one value. Every way the browser learns of a change goes
 * through one reducer (lib/session/state.ts), so a session the server ended is ended once, however
 * its messengers race: a refused call (the fetcher's `SESSION_EXPIRED_EVENT`), `GET /api/session`
 * answering nobody, a server render. components/account/session-expiry.tsx then asks for the login.
 */
export function SessionProvider({ initialSession, children }: { initialSession: RenderedSession; children: ReactNode }) {
  const router = useRouter();
  const [state, reduce] = useReducer(sessionReducer, initialSession, initialSessionState);
  // What the URL's events read (components/account/account-views.tsx): a login's success opens the
  // profile in the same tick as it sets the user, before any render.
  const latest = useRef(initialSession.user);
  const dispatch = useCallback((event: SessionEvent) => {
    if (event.type === 'loggedIn') latest.current = event.user;
    else if (event.type !== 'rendered' && event.type !== 'refreshed') latest.current = null;
    reduce(event);
  }, []);
  // A server render after router.refresh() brings the session as the server saw it then.
  const [rendered, setRendered] = useState(initialSession);
  if (initialSession !== rendered) {
    setRendered(initialSession);
    reduce({ type: 'rendered', session: initialSession });
  }
  useLayoutEffect(() => {
    latest.current = state.user;
  }, [state.user]);

  // Whichever call found the session over; server components below the header re-render without it.
  useEffect(() => {
    const onExpired = () => {
      dispatch({ type: 'ended' });
      startTransition(() => router.refresh());
    };
    window.addEventListener(SESSION_EXPIRED_EVENT, onExpired);
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired);
  }, [dispatch, router]);

  const latestUser = useCallback(() => latest.current, []);
  const value = useMemo(() => ({ state, dispatch, latestUser }), [state, dispatch, latestUser]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

function useSession(): SessionContextValue {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useCurrentUser needs the SessionProvider (mounted in the locale layout)');
  return session;
}

export interface CurrentUser {
  /** The customer, or null when logged out. */
  user: SessionUser | null;
  /** Bumped at every login, logout and end of the session: what a cache of the customer's data is kept under. */
  generation: number;
  /** After login (auth, register-step-4, transfer-register-step-5): show this user everywhere. */
  setUser: (user: SessionUser) => Promise<void>;
  /** Asks the server again (after an upload or a new subscription, say). */
  refresh: () => Promise<SessionUser | null>;
  /** Ends the session (spec §4: the token is removed and the user cleared). */
  logout: () => Promise<void>;
  /** The user as last set, for code that runs outside a render (an event of the URL, say). */
  latestUser: () => SessionUser | null;
}

export function useCurrentUser(): CurrentUser {
  const router = useRouter();
  const { state, dispatch, latestUser } = useSession();

  // Server components (the page below the header) read the session too: re-render them in place.
  const refreshServer = useCallback(() => startTransition(() => router.refresh()), [router]);

  const setUser = useCallback(
    async (next: SessionUser) => {
      dispatch({ type: 'loggedIn', user: next });
      refreshServer();
    },
    [dispatch, refreshServer],
  );

  const refresh = useCallback(async () => {
    const next = await fetchSessionUser();
    dispatch({ type: 'refreshed', user: next });
    return next;
  }, [dispatch]);

  const logout = useCallback(async () => {
    const { requestJson } = await loadClient();
    await requestJson(SESSION_URL, { method: 'DELETE' });
    dispatch({ type: 'loggedOut' });
    refreshServer();
  }, [dispatch, refreshServer]);

  return { user: state.user, generation: state.generation, setUser, refresh, logout, latestUser };
}

/** The session the server ended, until the next login or logout (each end a new object). */
export function useEndedSession(): EndedSession | null {
  return useSession().state.ended;
}
