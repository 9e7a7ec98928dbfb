/**
 * Every budget of the backend-for-frontend in one table: what it counts, per what, how many and
 * over what window. docs/operations.md and SECURITY.md show the same table; `RATE_LIMIT_FACTOR` multiplies
 * every number, and each row can be set on its own with its environment variable.
 */
export interface Budget {
  /** What is counted, per what (the key). */
  what: string;
  points: number;
  windowSeconds: number;
  /** Environment variable that replaces `points`. */
  env: string;
}

const MINUTES_10 = 600;
const HOUR = 3_600;
const DAY = 86_400;

export const BUDGETS = {
  // One-time codes sent (SMS or mail), by login (auth-start) or by phone and mail verification.
  codeSendTarget: { what: 'codes sent to one phone, mail or TC number', points: 5, windowSeconds: MINUTES_10, env: 'RATE_LIMIT_CODES_PER_TARGET' },
  codeSendTargetDay: { what: 'codes sent to one phone, mail or TC number', points: 20, windowSeconds: DAY, env: 'RATE_LIMIT_CODES_PER_TARGET_DAY' },
  codeSendIp: { what: 'codes asked for from one client address', points: 20, windowSeconds: MINUTES_10, env: 'RATE_LIMIT_CODES_PER_IP' },
  codeSendIpHour: { what: 'codes asked for from one client address', points: 40, windowSeconds: HOUR, env: 'RATE_LIMIT_CODES_PER_IP_HOUR' },
  codeSendNetwork: { what: 'codes asked for from one network (IPv4 /24, IPv6 /48)', points: 60, windowSeconds: MINUTES_10, env: 'RATE_LIMIT_CODES_PER_NETWORK' },
  codeSendWideNetwork: { what: 'codes asked for from one IPv6 /32', points: 200, windowSeconds: MINUTES_10, env: 'RATE_LIMIT_CODES_PER_WIDE_NETWORK' },
  codeSendDevice: {
    what: 'login codes for a TC number asked for from a browser that logged in with it before (its own bucket: a flood elsewhere does not lock it out)',
    points: 5,
    windowSeconds: MINUTES_10,
    env: 'RATE_LIMIT_CODES_PER_DEVICE',
  },
  codeSendDeviceDay: { what: 'login codes from such a browser', points: 20, windowSeconds: DAY, env: 'RATE_LIMIT_CODES_PER_DEVICE_DAY' },
  // One-time codes checked.
  codeCheckCode: { what: 'checks of one code (its hash); the upstream voids a code after 3 wrong tries', points: 5, windowSeconds: MINUTES_10, env: 'RATE_LIMIT_CHECKS_PER_CODE' },
  codeCheckTarget: { what: 'code checks for one phone or mail', points: 15, windowSeconds: MINUTES_10, env: 'RATE_LIMIT_CHECKS_PER_TARGET' },
  codeCheckIp: { what: 'code checks from one client address', points: 60, windowSeconds: MINUTES_10, env: 'RATE_LIMIT_CHECKS_PER_IP' },
  // Identity checks: register-step-3 and transfer-register-step-4 answer `registered_user`, auth-start
  // answers differently for known and unknown numbers.
  identityIp: { what: 'different TC numbers one client address may check', points: 10, windowSeconds: HOUR, env: 'RATE_LIMIT_IDENTITY_PER_IP' },
  identityNetwork: { what: 'different TC numbers one network (IPv4 /24, IPv6 /48) may check', points: 30, windowSeconds: HOUR, env: 'RATE_LIMIT_IDENTITY_PER_NETWORK' },
  identityWideNetwork: { what: 'different TC numbers one IPv6 /32 may check', points: 100, windowSeconds: HOUR, env: 'RATE_LIMIT_IDENTITY_PER_WIDE_NETWORK' },
  identityBrowser: { what: 'different TC numbers one browser (its XSRF cookie) may check', points: 5, windowSeconds: HOUR, env: 'RATE_LIMIT_IDENTITY_PER_BROWSER' },
  identityCallsIp: { what: 'identity-check calls from one client address, repeats included', points: 60, windowSeconds: HOUR, env: 'RATE_LIMIT_IDENTITY_CALLS_PER_IP' },
  // Everything else.
  serviceNumberIp: { what: 'service-number lookups (transfer-register-step-1) from one client address', points: 30, windowSeconds: HOUR, env: 'RATE_LIMIT_SERVICE_NUMBERS_PER_IP' },
  contactIp: { what: 'contact messages from one client address', points: 5, windowSeconds: HOUR, env: 'RATE_LIMIT_CONTACT_PER_IP' },
  contactPhone: { what: 'contact messages naming one phone', points: 3, windowSeconds: DAY, env: 'RATE_LIMIT_CONTACT_PER_PHONE' },
  discountCodeIp: { what: 'campaign and reference codes tried from one client address', points: 20, windowSeconds: HOUR, env: 'RATE_LIMIT_DISCOUNT_CODES_PER_IP' },
  addressIp: { what: 'address lists and infrastructure checks from one client address (reused lists count too)', points: 1_200, windowSeconds: MINUTES_10, env: 'RATE_LIMIT_ADDRESS_PER_IP' },
  formStepIp: { what: 'other application steps from one client address', points: 300, windowSeconds: MINUTES_10, env: 'RATE_LIMIT_FORM_STEPS_PER_IP' },
  uploadSession: { what: 'uploads by one signed-in customer', points: 20, windowSeconds: HOUR, env: 'RATE_LIMIT_UPLOADS_PER_CUSTOMER' },
  readIp: { what: 'settings, countries and session reads from one client address (settings are reused)', points: 600, windowSeconds: MINUTES_10, env: 'RATE_LIMIT_READS_PER_IP' },
  vitalsNetwork: { what: 'field-vitals beacons from one network (IPv4 /24, IPv6 /48)', points: 600, windowSeconds: MINUTES_10, env: 'RATE_LIMIT_VITALS_PER_NETWORK' },
} as const satisfies Record<string, Budget>;

export type BudgetName = keyof typeof BUDGETS;
export const budgetNames = Object.keys(BUDGETS) as BudgetName[];

/** The budgets in force: each row's own setting or default, times the factor (at least 1). */
export function resolveBudgets(factor: number, overrides: Partial<Record<BudgetName, number>> = {}): Record<BudgetName, Budget> {
  const resolved = {} as Record<BudgetName, Budget>;
  for (const name of budgetNames) {
    const row = BUDGETS[name];
    resolved[name] = { ...row, points: Math.max(1, Math.round((overrides[name] ?? row.points) * factor)) };
  }
  return resolved;
}

/**
 * The existing settings keep their meaning: RATE_LIMIT_CODES_PER_IP and _PER_TARGET are the code
 * requests per 10 minutes, and code checks get three times their room unless set on their own.
 */
export function derivedOverrides(overrides: Partial<Record<BudgetName, number>>): Partial<Record<BudgetName, number>> {
  const result = { ...overrides };
  if (overrides.codeSendIp !== undefined && result.codeCheckIp === undefined) result.codeCheckIp = overrides.codeSendIp * 3;
  if (overrides.codeSendTarget !== undefined && result.codeCheckTarget === undefined) result.codeCheckTarget = overrides.codeSendTarget * 3;
  if (overrides.codeSendTarget !== undefined && result.codeSendTargetDay === undefined) {
    result.codeSendTargetDay = Math.max(BUDGETS.codeSendTargetDay.points, overrides.codeSendTarget * 4);
  }
  if (overrides.codeSendIp !== undefined && result.codeSendIpHour === undefined) {
    result.codeSendIpHour = Math.max(BUDGETS.codeSendIpHour.points, overrides.codeSendIp * 2);
  }
  return result;
}
