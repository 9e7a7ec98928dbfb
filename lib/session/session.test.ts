import { sealData } from 'iron-session';
import { describe, expect, it } from 'vitest';
import type { Subscription, User } from '@/lib/api/types';
import { profileUser, sealExpiry, sessionUser } from '@/lib/session/session';

const subscription = (subscription_id: number, register_date: number | undefined) =>
  ({
    subscription_id,
    status: 1,
    service_number: null,
    info: register_date === undefined ? undefined : { register_date },
    data: { reference_type: 1, product: { name: `Tarife ${subscription_id}` }, auth_params: null },
  }) as unknown as Subscription;

// An upstream that lists them oldest first, with one missing its date.
const user = {
  user_id: 7,
  data: { name: 'Ayşe', surname: 'Yılmaz', nationality_number: '10000000146', confirm_nationality: { status: 2 } },
  subscriptions: [subscription(1001, 1_700_000_000), subscription(1004, undefined), subscription(1002, 1_710_000_000), subscription(1003, 1_720_000_000)],
} as unknown as User;

describe('the session keeps subscriptions as spec §3 says', () => {
  it('§3 subscriptions newest first: what every page carries lists them newest first, whatever order the upstream sent', () => {
    expect(sessionUser(user).subscriptions.map((s) => s.subscription_id)).toEqual([1003, 1002, 1001, 1004]);
  });

  it('§3 subscriptions newest first: the profile\'s data too, the upstream\'s list left as it was', () => {
    const profile = profileUser(user);
    expect(profile.subscriptions.map((s) => s.subscription_id)).toEqual([1003, 1002, 1001, 1004]);
    expect(user.subscriptions.map((s) => s.subscription_id)).toEqual([1001, 1004, 1002, 1003]);
  });

  it('reads an answer without a subscription list as none', () => {
    const bare = { ...user, subscriptions: undefined } as unknown as User;
    expect(sessionUser(bare).subscriptions).toEqual([]);
    expect(profileUser(bare).subscriptions).toEqual([]);
  });
});

describe('sealExpiry', () => {
  it('reads when a session cookie stops opening, so an opened one is never kept past it', async () => {
    const before = Date.now();
    const seal = await sealData({ token: 't' }, { password: 'p'.repeat(32), ttl: 3600 });
    const expiry = sealExpiry(seal)!;
    expect(expiry).toBeGreaterThanOrEqual(before + 3_600_000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 3_600_000);
  });

  it('knows none for what is not a seal', () => {
    expect(sealExpiry('garbage')).toBeUndefined();
    expect(sealExpiry('Fe26.2**a*b*c*d*x*e*f~2')).toBeUndefined();
  });
});
