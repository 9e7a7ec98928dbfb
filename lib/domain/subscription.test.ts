import { describe, expect, it } from 'vitest';
import type { Subscription } from '@/lib/api/types';
import {
  TIMELINE_STAGES,
  applicationTypeKey,
  canUploadCompanyDocs,
  canUploadIdentity,
  contractUrl,
  isCorporate,
  isIdentityOnly,
  modemCredentials,
  nextStepKey,
  showModemInfo,
  sortSubscriptions,
  statusTimeline,
  subscriptionStatusKey,
  subscriptionTypeKey,
} from '@/lib/domain/subscription';

const label = (text: string) => ({ text });

function subscription(overrides: Partial<Subscription> & { id?: number; date?: number } = {}): Subscription {
  const { id = 1, date = 1_700_000_000, ...rest } = overrides;
  return {
    subscription_id: id,
    status: 1,
    service_number: null,
    info: { register_date: date },
    signed_contract: null,
    contract: null,
    data: {
      reference_type: 1,
      bbk: '123456',
      address: {
        province: label('İstanbul'),
        district: label('Şişli'),
        township: label('Merkez'),
        village: label('Merkez'),
        neighborhood: label('Esentepe'),
        street: label('Büyükdere Cd.'),
        building: label('1'),
        floor: label('2'),
      },
      subscription_type: 1,
      product: { name: 'Fiber 100', total_price: 500, speed: 100, up_speed: 10, url: 'https://example.test/t' },
      customer: { personal: { nationality_number: '10000000146', name: 'Ali', surname: 'Veli' }, company: null },
      auth_params: null,
    },
    ...rest,
  };
}

describe('subscriptionStatusKey', () => {
  it.each([
    [1, 'new'],
    [2, 'eGovernment'],
    [3, 'onboarding'],
    [4, 'inProcess'],
    [5, 'inProcess'],
    [200, 'started'],
    [998, 'cancelled'],
    [999, 'cancelled'],
    [0, 'unknown'],
    [6, 'unknown'],
    [201, 'unknown'],
    [-1, 'unknown'],
    [Number.NaN, 'unknown'],
  ] as const)('%d -> %s', (status, key) => {
    expect(subscriptionStatusKey(status)).toBe(key);
  });
});

describe('nextStepKey', () => {
  it.each([
    [1, 'waitForApprovalMail'],
    [2, 'approveOnEGovernment'],
    [3, 'waitForOnboarding'],
    [4, 'waitForActivation'],
    [5, 'waitForActivation'],
    [200, 'none'],
    [998, 'contactUs'],
    [999, 'contactUs'],
    [42, 'contactUs'],
  ] as const)('status %d -> %s', (status, key) => {
    expect(nextStepKey(status)).toBe(key);
  });

  it('puts the ID first while the application awaits approval', () => {
    expect(nextStepKey(1, 0)).toBe('uploadIdentity');
    expect(nextStepKey(2, 3)).toBe('reuploadIdentity');
    expect(nextStepKey(1, 1)).toBe('waitForIdentityApproval');
    expect(nextStepKey(1, 2)).toBe('waitForApprovalMail');
    expect(nextStepKey(2, 2)).toBe('approveOnEGovernment');
  });

  it('ignores the ID once the application is past approval', () => {
    expect(nextStepKey(3, 0)).toBe('waitForOnboarding');
    expect(nextStepKey(200, 3)).toBe('none');
    expect(nextStepKey(999, 0)).toBe('contactUs');
  });
});

describe('statusTimeline', () => {
  const states = (status: number) => statusTimeline(status).map((step) => step.state);

  it('lists the stages in order', () => {
    expect(statusTimeline(1).map((step) => step.stage)).toEqual([...TIMELINE_STAGES]);
  });

  it('marks earlier stages done and the current one current', () => {
    expect(states(1)).toEqual(['current', 'upcoming', 'upcoming', 'upcoming', 'upcoming']);
    expect(states(2)).toEqual(['done', 'current', 'upcoming', 'upcoming', 'upcoming']);
    expect(states(3)).toEqual(['done', 'done', 'current', 'upcoming', 'upcoming']);
    expect(states(4)).toEqual(['done', 'done', 'done', 'current', 'upcoming']);
    expect(states(5)).toEqual(['done', 'done', 'done', 'current', 'upcoming']);
  });

  it('marks everything done once started', () => {
    expect(states(200)).toEqual(['done', 'done', 'done', 'done', 'done']);
  });

  it('places cancelled and unknown statuses nowhere', () => {
    expect(states(998)).toEqual(Array(5).fill('upcoming'));
    expect(states(7)).toEqual(Array(5).fill('upcoming'));
  });
});

describe('sortSubscriptions', () => {
  it('puts the newest first without touching the input', () => {
    const list = [subscription({ id: 1, date: 100 }), subscription({ id: 2, date: 300 }), subscription({ id: 3, date: 200 })];
    const copy = [...list];
    expect(sortSubscriptions(list).map((s) => s.subscription_id)).toEqual([2, 3, 1]);
    expect(list).toEqual(copy);
    expect(sortSubscriptions(list)).not.toBe(list);
  });

  it('breaks ties by the higher id', () => {
    const list = [subscription({ id: 4, date: 100 }), subscription({ id: 9, date: 100 })];
    expect(sortSubscriptions(list).map((s) => s.subscription_id)).toEqual([9, 4]);
  });

  it('sorts a missing or broken date last', () => {
    const broken = { ...subscription({ id: 5 }), info: undefined } as unknown as Subscription;
    const nan = subscription({ id: 6, date: Number.NaN });
    expect(sortSubscriptions([broken, nan, subscription({ id: 7, date: 1 })]).map((s) => s.subscription_id)).toEqual([7, 6, 5]);
    const infinite = subscription({ id: 8, date: Infinity });
    expect(sortSubscriptions([infinite, subscription({ id: 7, date: 1 })]).map((s) => s.subscription_id)).toEqual([7, 8]);
  });

  it('handles empty and single lists', () => {
    expect(sortSubscriptions([])).toEqual([]);
    expect(sortSubscriptions([subscription()])).toHaveLength(1);
  });
});

describe('upload permissions', () => {
  it.each([
    [0, true],
    [1, false],
    [2, false],
    [3, true],
    [4, false],
  ])('identity and docs status %d -> %s', (status, allowed) => {
    expect(canUploadIdentity(status)).toBe(allowed);
    expect(canUploadCompanyDocs(status)).toBe(allowed);
  });
});

describe('isIdentityOnly', () => {
  it.each([
    [0, true],
    [1, true],
    [2, false],
    [3, true],
    [9, false],
  ])('status %d -> %s', (status, only) => {
    expect(isIdentityOnly(status)).toBe(only);
  });
});

describe('showModemInfo', () => {
  const auth_params = { username: 'user@isp', password: 'secret' };
  const base = subscription();

  it('needs status 200 and credentials', () => {
    expect(showModemInfo({ status: 200, data: { ...base.data, auth_params } })).toBe(true);
    expect(showModemInfo({ status: 200, data: base.data })).toBe(false);
    expect(showModemInfo({ status: 5, data: { ...base.data, auth_params } })).toBe(false);
  });

  it('treats missing auth_params or data as absent', () => {
    const withoutAuth: Partial<Subscription['data']> = { ...base.data };
    delete withoutAuth.auth_params;
    expect(showModemInfo({ status: 200, data: withoutAuth as Subscription['data'] })).toBe(false);
    expect(showModemInfo({ status: 200, data: undefined as unknown as Subscription['data'] })).toBe(false);
  });
});

describe('modemCredentials', () => {
  const auth_params = { username: 'user@isp', password: 'secret' };
  const base = subscription();

  it('§2 Modem Info: username and password only when status is 200 and authentication parameters exist', () => {
    expect(modemCredentials({ status: 200, data: { ...base.data, auth_params: { ...auth_params, extra: 'x' } as typeof auth_params } })).toEqual(auth_params);
    expect(modemCredentials({ status: 3, data: { ...base.data, auth_params } })).toBeNull();
    expect(modemCredentials({ status: 200, data: base.data })).toBeNull();
  });
});

describe('type keys', () => {
  it('reads reference_type 1 as new, anything else as transfer', () => {
    expect(applicationTypeKey(1)).toBe('new');
    expect(applicationTypeKey(2)).toBe('transfer');
    expect(applicationTypeKey(0)).toBe('transfer');
  });

  it('reads subscription_type 2 as corporate, anything else as individual', () => {
    expect(subscriptionTypeKey(1)).toBe('individual');
    expect(subscriptionTypeKey(2)).toBe('corporate');
    expect(subscriptionTypeKey(3)).toBe('individual');
  });
});

describe('isCorporate', () => {
  const docs = { status: 0, message: null, tax_plate: { data: null }, signature_circular: { data: null } } as const;
  const company = { name: 'Örnek A.Ş.', tax_central: 'Şişli', tax_number: '1234567890', docs };

  it('needs type 2 and a company record', () => {
    const base = subscription();
    const corporateData = { ...base.data, subscription_type: 2 as const, customer: { ...base.data.customer, company } };
    expect(isCorporate({ data: corporateData })).toBe(true);
    expect(isCorporate({ data: { ...corporateData, customer: { ...corporateData.customer, company: null } } })).toBe(false);
    expect(isCorporate({ data: { ...corporateData, subscription_type: 1 } })).toBe(false);
    expect(isCorporate({ data: undefined as unknown as Subscription['data'] })).toBe(false);
    expect(isCorporate({ data: { ...corporateData, customer: undefined as unknown as Subscription['data']['customer'] } })).toBe(false);
  });
});

describe('contractUrl', () => {
  const link = (url: string) => ({ data: { url } });

  it('prefers the signed contract', () => {
    expect(contractUrl({ signed_contract: link('/signed.pdf'), contract: link('/contract.pdf') })).toBe('/signed.pdf');
  });

  it('falls back to the contract', () => {
    expect(contractUrl({ signed_contract: null, contract: link('/contract.pdf') })).toBe('/contract.pdf');
    expect(contractUrl({ signed_contract: { data: null }, contract: link('/contract.pdf') })).toBe('/contract.pdf');
    expect(contractUrl({ signed_contract: link(''), contract: link('/contract.pdf') })).toBe('/contract.pdf');
  });

  it('is null without either', () => {
    expect(contractUrl({ signed_contract: null, contract: null })).toBeNull();
    expect(contractUrl({ signed_contract: { data: null }, contract: link('') })).toBeNull();
    expect(contractUrl({ signed_contract: null, contract: { data: null } })).toBeNull();
    expect(contractUrl({} as Pick<Subscription, 'signed_contract' | 'contract'>)).toBeNull();
  });
});
