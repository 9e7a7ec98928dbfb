import 'server-only';
import type { ApiCallName } from '@/lib/api/calls';
import { addressKey, networkKeys } from '@/lib/bff/client-ip';
import { type Device, keyed, knowsNationalityNumber } from '@/lib/bff/device';
import { type Charge, charge, mark, wasMarked } from '@/lib/bff/rate-limit';
import { mailTarget, phoneTarget } from '@/lib/bff/targets';
import { getConfig } from '@/lib/server/config';

/** Who is calling, as far as the limits care. */
export interface Caller {
  ip: string;
  /** The browser's XSRF cookie (any browser that opened a page has one; a script can make up its own). */
  browser?: string;
  /** The signed-in customer's session id, for uploads. */
  customer?: string;
  device: Device | null;
}

type Body = Record<string, unknown> | undefined;

// Stryker disable next-line MethodExpression: equivalent, folding to upper case counts the same ASCII codes and mailboxes together.
const text = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : undefined);

/**
 * Budgets of the calls that neither send nor check codes nor reveal whether a TC number is known.
 * Every call that nothing here or spendBudgets's switch charges (the other form steps) spends
 * formStepIp.
 */
const PLAIN: Partial<Record<ApiCallName, Charge['budget']>> = {
  infrastructure: 'addressIp',
  getSettings: 'readIp',
  countries: 'readIp',
  transferRegisterStep1: 'serviceNumberIp',
  applyCampaignCode: 'discountCodeIp',
  applyReferenceCode: 'discountCodeIp',
};

/** The caller's address and the networks it belongs to, each as a store key. */
interface Origin {
  ip: string;
  network?: string;
  wide?: string;
}

/**
 * Identity checks count the different TC numbers an address, its networks and a browser ask about,
 * so a customer who tries again does not spend more, and an enumeration learns at most the budget,
 * however many addresses of one allocation it rotates through.
 */
async function identityCharges(caller: Caller, origin: Origin, nationalityNumber: string): Promise<{ charges: Charge[]; seen: () => Promise<void> }> {
  const { budgets } = getConfig();
  const window = budgets.identityIp.windowSeconds;
  // Each budget's set of the numbers asked about, by the caller's own first (its address, its
  // browser), then by what it shares with others.
  const scopes = (
    [
      ['identityIp', origin.ip],
      ['identityBrowser', caller.browser ? keyed(caller.browser) : undefined],
      ['identityNetwork', origin.network],
      ['identityWideNetwork', origin.wide],
    ] satisfies [Charge['budget'], string | undefined][]
  ).flatMap(([budget, key]) => (key ? [{ budget, key, entry: `${key}|${nationalityNumber}` }] : []));
  const charges: Charge[] = [{ budget: 'identityCallsIp', key: origin.ip }];
  for (const { budget, key, entry } of scopes) {
    if (!(await wasMarked(budget, entry, window))) charges.push({ budget, key });
  }
  return {
    charges,
    seen: async () => {
      for (const { budget, entry } of scopes) await mark(budget, entry, window);
    },
  };
}

/**
 * Counts one call against every budget it falls under (lib/server/limits.ts) and answers the seconds
 * to wait when one of them is spent, else null. Keys are keyed hashes: the store holds no address,
 * phone, mail or TC number.
 */
export async function spendBudgets(name: ApiCallName, body: Body, caller: Caller): Promise<number | null> {
  const ip = keyed(addressKey(caller.ip));
  const networks = networkKeys(caller.ip);
  const origin: Origin = { ip, network: networks && keyed(networks.network), wide: networks?.wide && keyed(networks.wide) };
  const target = (field: string, canonical: (value: string) => string = (value) => value) => {
    // Stryker disable next-line OptionalChaining: equivalent, every call that reads a target has a JSON body.
    const value = text(body?.[field]);
    return value ? keyed(canonical(value)) : undefined;
  };
  const charges: Charge[] = [];
  let afterwards: (() => Promise<void>) | undefined;
  const add = (budget: Charge['budget'], key: string | undefined) => {
    if (key) charges.push({ budget, key });
  };
  const codeSend = (targetKey: string | undefined) => {
    add('codeSendIp', ip);
    add('codeSendIpHour', ip);
    add('codeSendNetwork', origin.network);
    add('codeSendWideNetwork', origin.wide);
    add('codeSendTarget', targetKey);
    add('codeSendTargetDay', targetKey);
  };

  const plain = PLAIN[name];
  if (plain) add(plain, ip);
  switch (name) {
    case 'registerStep3':
    case 'transferRegisterStep4': {
      add('formStepIp', ip);
      const nationalityNumber = target('nationality_number');
      if (nationalityNumber) {
        const identity = await identityCharges(caller, origin, nationalityNumber);
        charges.push(...identity.charges);
        afterwards = identity.seen;
      }
      break;
    }
    case 'authStart': {
      // Stryker disable next-line OptionalChaining,StringLiteral: equivalent, authStart always has a JSON body, and its schema refuses a missing number before.
      const nationalityNumber = text(body?.nationality_number) ?? '';
      if (knowsNationalityNumber(caller.device, nationalityNumber)) {
        // The owner's browser: its own bucket, and nothing to learn about a number it logged in with.
        add('codeSendIp', ip);
        add('codeSendIpHour', ip);
        add('codeSendDevice', `${caller.device!.id}|${keyed(nationalityNumber)}`);
        add('codeSendDeviceDay', `${caller.device!.id}|${keyed(nationalityNumber)}`);
      } else {
        const identity = await identityCharges(caller, origin, keyed(nationalityNumber));
        charges.push(...identity.charges);
        afterwards = identity.seen;
        codeSend(keyed(nationalityNumber));
      }
      break;
    }
    case 'approvePhoneRequest':
      codeSend(target('phone', phoneTarget));
      break;
    case 'approveMailRequest':
      codeSend(target('mail', mailTarget));
      break;
    case 'approvePhone':
      add('codeCheckIp', ip);
      add('codeCheckCode', target('sms_hash'));
      add('codeCheckTarget', target('phone', phoneTarget));
      break;
    case 'approveMail':
      add('codeCheckIp', ip);
      add('codeCheckCode', target('mail_hash'));
      add('codeCheckTarget', target('mail', mailTarget));
      break;
    case 'auth':
      add('codeCheckIp', ip);
      add('codeCheckCode', target('form_security_hash'));
      break;
    case 'contactForm':
      add('contactIp', ip);
      add('contactPhone', target('phone', phoneTarget));
      break;
    case 'uploadNationalityDocs':
    case 'uploadSubscriptionDocs':
      add('formStepIp', ip);
      add('uploadSession', caller.customer ? keyed(caller.customer) : ip);
      break;
  }
  if (charges.length === 0) add('formStepIp', ip);
  const wait = await charge(charges);
  if (wait === null && afterwards) await afterwards();
  return wait;
}

/** Reads outside the /v1 calls (the session route): one budget per address. */
export function spendReadBudget(clientAddress: string): Promise<number | null> {
  return charge([{ budget: 'readIp', key: keyed(addressKey(clientAddress)) }]);
}

/** Field-vitals beacons (app/api/vitals): one budget per network, so a flood from one allocation stops at its budget. */
export function spendVitalsBudget(clientAddress: string): Promise<number | null> {
  return charge([{ budget: 'vitalsNetwork', key: keyed(networkKeys(clientAddress)?.network ?? addressKey(clientAddress)) }]);
}
