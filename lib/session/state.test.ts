import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@/lib/api/types';
import { initialSessionState, type SessionEvent, sessionReducer, type SessionState } from '@/lib/session/state';

const customer = (user_id: number, name = 'Mehmet'): SessionUser => ({
  user_id,
  data: { name, surname: 'Demir', nationality_number: `1000000${user_id}`.padEnd(11, '0'), confirm_nationality: { status: 0 } },
  subscriptions: [],
});
const mehmet = customer(214);
const run = (state: SessionState, ...events: SessionEvent[]) => events.reduce(sessionReducer, state);
const loggedIn = initialSessionState({ user: mehmet, unavailable: false });
const anonymous = initialSessionState({ user: null, unavailable: false });

describe('sessionReducer', () => {
  it('ends a session the server refused once, with its TC number, whichever messenger comes first', () => {
    const orders: SessionEvent[][] = [
      [{ type: 'ended' }, { type: 'refreshed', user: null }, { type: 'rendered', session: { user: null, unavailable: false } }],
      [{ type: 'refreshed', user: null }, { type: 'ended' }],
      [{ type: 'rendered', session: { user: null, unavailable: false } }, { type: 'ended' }, { type: 'ended' }],
    ];
    for (const events of orders) {
      const state = run(loggedIn, ...events);
      expect(state.user, JSON.stringify(events)).toBeNull();
      expect(state.ended).toEqual({ nationalityNumber: mehmet.data.nationality_number, generation: 1 });
      expect(state.generation).toBe(1);
    }
  });

  it('never brings an ended session back with an answer made before the end', () => {
    const ended = run(loggedIn, { type: 'ended' });
    expect(run(ended, { type: 'rendered', session: { user: mehmet, unavailable: false } })).toBe(ended);
    expect(run(ended, { type: 'refreshed', user: mehmet })).toBe(ended);
    expect(run(ended, { type: 'refreshed', user: customer(382) })).toBe(ended);
  });

  it('takes the customer again at the next login, as a new generation with nothing of the end left', () => {
    const again = run(loggedIn, { type: 'ended' }, { type: 'loggedIn', user: mehmet });
    expect(again).toEqual({ user: mehmet, ended: null, generation: 2 });
    // The same session's fresher data keeps its generation.
    const renamed = customer(214, 'Mehmet Ali');
    expect(run(again, { type: 'rendered', session: { user: renamed, unavailable: false } })).toEqual({ user: renamed, ended: null, generation: 2 });
    expect(run(again, { type: 'refreshed', user: renamed })).toEqual({ user: renamed, ended: null, generation: 2 });
  });

  it('ends nothing on a logout, and a render after it changes nothing', () => {
    const out = run(loggedIn, { type: 'loggedOut' }, { type: 'rendered', session: { user: null, unavailable: false } }, { type: 'ended' });
    expect(out).toEqual({ user: null, ended: null, generation: 1 });
  });

  it('believes nothing of a render whose upstream could not be asked', () => {
    expect(run(loggedIn, { type: 'rendered', session: { user: null, unavailable: true } })).toBe(loggedIn);
    expect(run(anonymous, { type: 'rendered', session: { user: null, unavailable: true } })).toBe(anonymous);
  });

  it('takes a customer the server names for an anonymous page (a login in another tab) as a new session', () => {
    expect(run(anonymous, { type: 'refreshed', user: mehmet })).toEqual({ user: mehmet, ended: null, generation: 1 });
    expect(run(anonymous, { type: 'ended' })).toBe(anonymous);
    // Another customer in the same browser is a new session too.
    expect(run(loggedIn, { type: 'rendered', session: { user: customer(146), unavailable: false } })).toMatchObject({ user: { user_id: 146 }, generation: 1 });
  });
});
