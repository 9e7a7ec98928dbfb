'use client';

import { useCallback } from 'react';
import useSWR from 'swr';
import { useCurrentUser } from '@/components/session/session-provider';
import type { User } from '@/lib/api/types';

export const PROFILE_URL = '/api/session/profile';
export const MODEM_URL = '/api/session/modem';

async function fetchProfile(): Promise<User | null> {
  const { requestJson } = await import('@/lib/api/client');
  return (await requestJson<User>(PROFILE_URL)).data ?? null;
}

/**
 * The profile's data (subscriber record, subscriptions with addresses and documents), asked for
 * when the profile or one of its popups shows: pages carry only what the header and lists show.
 * One cache for the profile and its detail popups, so an upload's new status shows in all of them.
 * `onOpen: 'fetch'` (the profile itself) asks again at every opening, however recent the last
 * answer: an application filed a moment ago is in the list; its popups share that answer. While
 * the last ask failed, there is no profile to show (the popups offer to try again).
 */
export function useProfile({ onOpen = 'share' }: { onOpen?: 'fetch' | 'share' } = {}) {
  const { user, generation, refresh: refreshSession } = useCurrentUser();
  // Per session: after the session ended and the customer logged in again, nothing of the old one shows.
  const { data, error, mutate } = useSWR(user ? [PROFILE_URL, user.user_id, generation] : null, fetchProfile, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    ...(onOpen === 'fetch' ? { dedupingInterval: 0 } : {}),
  });
  // Both asked for at once; the profile's new data is handed to the cache without waiting for the
  // re-render, as a state update would be (an upload shows its success dialog right after).
  const refresh = useCallback(async () => {
    const [next] = await Promise.all([fetchProfile(), refreshSession()]);
    void mutate(next, { revalidate: false });
  }, [refreshSession, mutate]);
  const retry = useCallback(() => void mutate(), [mutate]);
  // A refetch that was refused leaves the last answer in the cache: it is not shown as current.
  return { profile: error ? null : (data ?? null), failed: Boolean(error), refresh, retry };
}

/** One subscription's modem credentials, asked for only when its Modem Info tab shows. */
export function useModemCredentials(subscriptionId: number) {
  const { data, error } = useSWR([MODEM_URL, subscriptionId], async () => {
    const { requestJson } = await import('@/lib/api/client');
    return (await requestJson<{ username: string; password: string }>(`${MODEM_URL}?subscription_id=${subscriptionId}`)).data ?? null;
  }, { revalidateOnFocus: false, shouldRetryOnError: false });
  return { credentials: data ?? null, failed: Boolean(error) };
}
