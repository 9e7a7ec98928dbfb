import type { SessionUser } from '@/lib/api/types';

/**
 * The customer's session as the browser knows it, and the one rule for every way it learns of a
 * change. Several messengers say the same thing at different moments: a login, a logout, a call
 * refused with 401 `session_expired`, `GET /api/session` answering nobody, a server render of the
 * page (router.refresh) made before or after the upstream ended the tokens. Whatever order they
 * arrive in, a session the server ended is ended once, with who it was (the login asks again with
 * that TC number), and nothing older brings it back.
 */
export interface SessionState {
  user: SessionUser | null;
  /** The session the server ended, until the next login or logout: what the login popup is opened with. */
  ended: EndedSession | null;
  /** Bumped at every login, logout and end: caches of the customer's data are kept per generation. */
  generation: number;
}

export interface EndedSession {
  nationalityNumber: string;
  /** The generation this end started: one end, told once. */
  generation: number;
}

/** What the server rendered the page with (app/locale-document.tsx). */
export interface RenderedSession {
  user: SessionUser | null;
  /** The upstream could not be asked about the session's token: the render says nothing about it. */
  unavailable: boolean;
}

export type SessionEvent =
  /** A login, or a filing that started or changed the session: this customer from now on. */
  | { type: 'loggedIn'; user: SessionUser }
  /** The customer logged out here. */
  | { type: 'loggedOut' }
  /** A call answered 401 `session_expired`. */
  | { type: 'ended' }
  /** `GET /api/session` answered. */
  | { type: 'refreshed'; user: SessionUser | null }
  /** A server render of the page arrived. */
  | { type: 'rendered'; session: RenderedSession };

export function initialSessionState(session: RenderedSession): SessionState {
  return { user: session.user, ended: null, generation: 0 };
}

function end(state: SessionState): SessionState {
  if (!state.user) return state;
  const generation = state.generation + 1;
  return { user: null, ended: { nationalityNumber: state.user.data.nationality_number, generation }, generation };
}

/**
 * A customer the server names now: the same session goes on with fresher data; while an ended
 * session waits for its login, the answer was made before the end (a render or a read already on
 * its way) and is not believed.
 */
function named(state: SessionState, user: SessionUser): SessionState {
  if (state.ended) return state;
  if (state.user?.user_id === user.user_id) return { ...state, user };
  return { user, ended: null, generation: state.generation + 1 };
}

export function sessionReducer(state: SessionState, event: SessionEvent): SessionState {
  switch (event.type) {
    case 'loggedIn':
      return { user: event.user, ended: null, generation: state.generation + 1 };
    case 'loggedOut':
      return { user: null, ended: null, generation: state.generation + 1 };
    case 'ended':
      return end(state);
    case 'refreshed':
      return event.user ? named(state, event.user) : end(state);
    case 'rendered':
      if (event.session.unavailable) return state;
      return event.session.user ? named(state, event.session.user) : end(state);
  }
}
