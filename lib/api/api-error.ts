/**
 * What the client fetcher (lib/api/client.ts) throws and tells, in a module that imports nothing:
 * error texts, the session's expiry and any component can know them without the call list.
 */

/**
 * Fired on `window` by the client fetcher when the backend-for-frontend answers that the session is
 * over (components/account/session-expiry.tsx listens).
 */
export const SESSION_EXPIRED_EVENT = 'ob:session-expired';

/**
 * A failed call, in the terms of the spec §8 catalogue: the server's message when it gave one,
 * else a catalogue key (`generic` or `network`) for the screen to translate.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | undefined,
    readonly fallback: 'generic' | 'network',
    readonly details: Record<string, unknown> | undefined,
  ) {
    super(serverMessage ?? fallback);
  }

  /** Field messages of a 400 from the backend-for-frontend's validation. */
  get fieldErrors(): Record<string, string> {
    const fields = this.details?.fields;
    return fields && typeof fields === 'object' ? (fields as Record<string, string>) : {};
  }

  get isRegisteredUser(): boolean {
    return Boolean(this.details?.registered_user);
  }

  /**
   * The message is the upstream's own words, passed on as sent (lib/bff/upstream-text.ts), not a
   * text of our catalogue: an English page says so before it.
   */
  get isUpstreamText(): boolean {
    return this.details?.upstream_text === true;
  }

  /** The customer's session is over (its token refused upstream): the page offers the login again. */
  get isSessionExpired(): boolean {
    return this.status === 401 && this.details?.session_expired === true;
  }
}
