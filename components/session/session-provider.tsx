'use client';

import { useRouter } from 'next/navigation';
import { type ReactNode, startTransition, useCallback } from 'react';
import useSWR, { SWRConfig } from 'swr';
import type { User } from '@/lib/api/types';
import { SESSION_ENDPOINT as SESSION_URL } from '@/lib/api/session-endpoint';

// The fetcher module (with the call list and its schemas) loads only when the session is asked for.
const loadClient = () => import('@/lib/api/client');

async function fetchSessionUser(url: string): Promise<User | null> {
  const { requestJson } = await loadClient();
  return (await requestJson<User | null>(url)).data ?? null;
}

/**
 * The signed-in customer on the client. The server already resolved the session for this request,
 * so its user is the SWR fallback: the first render (server and client) shows it with no request
 * and no flash; login and logout update it in place.
 */
export function SessionProvider({ initialUser, children }: { initialUser: User | null; children: ReactNode }) {
  return <SWRConfig value={{ fallback: { [SESSION_URL]: initialUser } }}>{children}</SWRConfig>;
}

export interface CurrentUser {
  /** The customer, or null when logged out. */
  user: User | null;
  /** After login (auth, register-step-4, transfer-register-step-5): show this user everywhere. */
  setUser: (user: User) => Promise<void>;
  /** Asks the server again (after an upload or a new subscription, say). */
  refresh: () => Promise<User | null>;
  /** Ends the session (spec §4: the token is removed and the user cleared). */
  logout: () => Promise<void>;
}

export function useCurrentUser(): CurrentUser {
  const router = useRouter();
  const { data, mutate } = useSWR<User | null>(SESSION_URL, fetchSessionUser, {
    revalidateOnMount: false,
    revalidateIfStale: false,
    revalidateOnFocus: false,
  });

  // Server components (the page below the header) read the session too: re-render them in place.
  const refreshServer = useCallback(() => startTransition(() => router.refresh()), [router]);

  const setUser = useCallback(
    async (user: User) => {
      await mutate(user, { revalidate: false });
      refreshServer();
    },
    [mutate, refreshServer],
  );

  const refresh = useCallback(async () => (await mutate()) ?? null, [mutate]);

  const logout = useCallback(async () => {
    const { requestJson } = await loadClient();
    await requestJson(SESSION_URL, { method: 'DELETE' });
    await mutate(null, { revalidate: false });
    refreshServer();
  }, [mutate, refreshServer]);

  return { user: data ?? null, setUser, refresh, logout };
}
