import type { Subscription, SubscriptionSummary } from '@/lib/api/types';

/** Message key of a subscription status (spec §4); the UI maps it to its label. */
export type SubscriptionStatusKey =
  | 'new'
  | 'eGovernment'
  | 'onboarding'
  | 'inProcess'
  | 'started'
  | 'cancelled'
  | 'unknown';

export function subscriptionStatusKey(status: number): SubscriptionStatusKey {
  switch (status) {
    case 1:
      return 'new';
    case 2:
      return 'eGovernment';
    case 3:
      return 'onboarding';
    // Two code sets appear upstream for "in process".
    case 4:
    case 5:
      return 'inProcess';
    case 200:
      return 'started';
    case 998:
    case 999:
      return 'cancelled';
    default:
      return 'unknown';
  }
}

/** What the customer does (or waits for) next, as a message key. */
export type NextStepKey =
  | 'uploadIdentity'
  | 'reuploadIdentity'
  | 'waitForIdentityApproval'
  | 'waitForApprovalMail'
  | 'approveOnEGovernment'
  | 'waitForOnboarding'
  | 'waitForActivation'
  | 'none'
  | 'contactUs';

/**
 * Next step for the status timeline, following the how-to page: after the record, the ID upload,
 * then the approval mail, the e-government approval, onboarding and activation. Pass the identity
 * (confirm_nationality) status to put a missing, rejected or pending ID first while the
 * application waits for approval (statuses 1 and 2); without it only the subscription status counts.
 * Cancelled and unknown statuses send the customer to the contact form.
 */
export function nextStepKey(status: number, identityStatus?: number): NextStepKey {
  const key = subscriptionStatusKey(status);
  if ((key === 'new' || key === 'eGovernment') && identityStatus !== undefined) {
    if (identityStatus === 0) return 'uploadIdentity';
    if (identityStatus === 3) return 'reuploadIdentity';
    if (identityStatus === 1) return 'waitForIdentityApproval';
  }
  switch (key) {
    case 'new':
      return 'waitForApprovalMail';
    case 'eGovernment':
      return 'approveOnEGovernment';
    case 'onboarding':
      return 'waitForOnboarding';
    case 'inProcess':
      return 'waitForActivation';
    case 'started':
      return 'none';
    case 'cancelled':
    case 'unknown':
      return 'contactUs';
  }
}

/** The stages of the status timeline in order. */
export const TIMELINE_STAGES = ['new', 'eGovernment', 'onboarding', 'inProcess', 'started'] as const;
export type TimelineStage = (typeof TIMELINE_STAGES)[number];
export type TimelineState = 'done' | 'current' | 'upcoming';

/**
 * Each timeline stage marked done, current or upcoming. A started subscription has every stage
 * done. Cancelled and unknown statuses have no place on the line: every stage is upcoming and the
 * UI shows the status label instead.
 */
export function statusTimeline(status: number): Array<{ stage: TimelineStage; state: TimelineState }> {
  const key = subscriptionStatusKey(status);
  const current = key === 'started' ? TIMELINE_STAGES.length : TIMELINE_STAGES.indexOf(key as TimelineStage);
  return TIMELINE_STAGES.map((stage, index) => ({
    stage,
    state: current === -1 || index > current ? 'upcoming' : index < current ? 'done' : 'current',
  }));
}

function registerDate(subscription: Pick<Subscription, 'info'>): number {
  const date = subscription.info?.register_date;
  return typeof date === 'number' && Number.isFinite(date) ? date : -Infinity;
}

/**
 * Newest first by info.register_date (spec §3), ties broken by the higher subscription_id; a
 * missing date sorts last. Returns a new array.
 */
export function sortSubscriptions<S extends Pick<Subscription, 'subscription_id' | 'info'>>(list: readonly S[]): S[] {
  return [...list].sort(
    (a, b) => registerDate(b) - registerDate(a) || b.subscription_id - a.subscription_id,
  );
}

/**
 * A subscription as the session and the finish line carry it: what a list shows. Read
 * defensively: an upstream answer missing a part gives an empty value, not an error.
 */
export function subscriptionSummary(subscription: Subscription): SubscriptionSummary {
  return {
    subscription_id: subscription.subscription_id,
    status: subscription.status,
    service_number: subscription.service_number ?? null,
    info: { register_date: subscription.info?.register_date },
    data: { reference_type: subscription.data?.reference_type, product: { name: subscription.data?.product?.name ?? '' } },
  };
}

/** Identity images can be (re)uploaded when not sent (0) or rejected (3). */
export function canUploadIdentity(status: number): boolean {
  return status === 0 || status === 3;
}

/** Company documents can be (re)uploaded when not sent (0) or rejected (3). */
export function canUploadCompanyDocs(docsStatus: number): boolean {
  return docsStatus === 0 || docsStatus === 3;
}

/** Modem credentials show only on a started subscription (200) that has them. */
export function showModemInfo(subscription: Pick<Subscription, 'status' | 'data'>): boolean {
  return subscription.status === 200 && subscription.data?.auth_params != null;
}

/** The modem credentials a subscription may show (status 200 with credentials), else null. */
export function modemCredentials(subscription: Pick<Subscription, 'status' | 'data'>): { username: string; password: string } | null {
  if (!showModemInfo(subscription)) return null;
  const { username, password } = subscription.data.auth_params!;
  return { username, password };
}

/** Identity status 0, 1 or 3: the profile shows (and forces) only the Identity tab. */
export function isIdentityOnly(confirmStatus: number): boolean {
  return confirmStatus === 0 || confirmStatus === 1 || confirmStatus === 3;
}

export type ApplicationTypeKey = 'new' | 'transfer';

/** reference_type 1 is a new subscription, anything else a transfer (spec §3). */
export function applicationTypeKey(referenceType: number): ApplicationTypeKey {
  return referenceType === 1 ? 'new' : 'transfer';
}

export type SubscriptionTypeKey = 'individual' | 'corporate';

/**
 * subscription_type 2 is corporate; anything else counts as individual, so corporate-only fields
 * and uploads never show on an odd value.
 */
export function subscriptionTypeKey(subscriptionType: number): SubscriptionTypeKey {
  return subscriptionType === 2 ? 'corporate' : 'individual';
}

/** Corporate and carrying the company record the documents modal needs. */
export function isCorporate(subscription: Pick<Subscription, 'data'>): boolean {
  return subscription.data?.subscription_type === 2 && subscription.data.customer?.company != null;
}

/** The signed contract when there is one, else the unsigned contract, else null. Empty URLs count as none. */
export function contractUrl(subscription: Pick<Subscription, 'signed_contract' | 'contract'>): string | null {
  return subscription.signed_contract?.data?.url || subscription.contract?.data?.url || null;
}
