import type { z } from 'zod';
import { infrastructureQuerySchema } from '@/lib/validation/address';
import {
  authRegisterStep2Schema,
  authTransferRegisterStep3Schema,
  campaignCodeSchema,
  finishSchema,
  mailConfirmSchema,
  mailRequestSchema,
  phoneConfirmSchema,
  phoneRequestSchema,
  referenceCodeSchema,
  registerStep1Schema,
  registerStep2Schema,
  registerStep3Schema,
  serviceNumberSchema,
  transferRegisterStep2Schema,
  transferRegisterStep3Schema,
} from '@/lib/validation/application';
import type { Country, InfrastructureResult, Option, SessionUser, Settings, Subscription, TransferLookup } from '@/lib/api/types';
import { authSchema, authStartSchema, contactSchema, tokenAuthSchema } from '@/lib/validation/account';

/**
 * The one description of every /v1 call of spec §7. The backend-for-frontend routes and validates
 * with it, the client fetcher builds its URLs from it and the sandbox serves exactly these calls.
 */
export interface ApiCall {
  method: 'GET' | 'POST';
  /** Path under /v1 on the upstream, and under /api/v1 on our origin. */
  path: string;
  /** Needs the customer's token (from the session) as `Authorization: Bearer`. */
  auth: boolean;
  /** JSON body schema; multipart calls are checked by the upload rules instead. */
  schema?: z.ZodType;
  multipart?: { fields: readonly string[]; files: readonly string[] };
  /**
   * What the call does to the session: `storeToken` answers `{ token, user }`, the token goes into
   * the session and only the user reaches the browser; `tokenFromSession` is made by the server
   * alone with the session's token.
   */
  session?: 'storeToken' | 'tokenFromSession';
  /** Sends a one-time code (`send`) or checks one (`check`); rate-limited per IP and per `target`. */
  rateLimit?: { kind: 'send' | 'check'; target?: string };
  /**
   * Files an application: the body carries `consents`, which the backend-for-frontend checks,
   * takes off before forwarding and writes to the audit log once the upstream accepts
   * (docs/decisions/0010-where-the-spec-is-silent.md).
   */
  files?: true;
}

export const apiCalls = {
  infrastructure: { method: 'POST', path: '/util/infrastructure-inquiry/infrastructure', auth: false, schema: infrastructureQuerySchema },
  getSettings: { method: 'GET', path: '/get-settings', auth: false },
  countries: { method: 'GET', path: '/app-settings/countries', auth: false },

  registerStep1: { method: 'POST', path: '/customers/register-step-1', auth: false, schema: registerStep1Schema },
  registerStep2: { method: 'POST', path: '/customers/register-step-2', auth: false, schema: registerStep2Schema },
  registerStep3: { method: 'POST', path: '/customers/register-step-3', auth: false, schema: registerStep3Schema },
  registerStep4: { method: 'POST', path: '/customers/register-step-4', auth: false, schema: finishSchema, session: 'storeToken', files: true },
  authRegisterStep2: { method: 'POST', path: '/customers/auth-register-step-2', auth: true, schema: authRegisterStep2Schema, files: true },

  transferRegisterStep1: { method: 'POST', path: '/customers/transfer-register-step-1', auth: false, schema: serviceNumberSchema },
  transferRegisterStep2: { method: 'POST', path: '/customers/transfer-register-step-2', auth: false, schema: transferRegisterStep2Schema },
  transferRegisterStep3: { method: 'POST', path: '/customers/transfer-register-step-3', auth: false, schema: transferRegisterStep3Schema },
  transferRegisterStep4: { method: 'POST', path: '/customers/transfer-register-step-4', auth: false, schema: registerStep3Schema },
  transferRegisterStep5: { method: 'POST', path: '/customers/transfer-register-step-5', auth: false, schema: finishSchema, session: 'storeToken', files: true },
  authTransferRegisterStep3: { method: 'POST', path: '/customers/auth-transfer-register-step-3', auth: true, schema: authTransferRegisterStep3Schema, files: true },

  approvePhoneRequest: { method: 'POST', path: '/customers/approve-phone-request', auth: false, schema: phoneRequestSchema, rateLimit: { kind: 'send', target: 'phone' } },
  approvePhone: { method: 'POST', path: '/customers/approve-phone', auth: false, schema: phoneConfirmSchema, rateLimit: { kind: 'check', target: 'phone' } },
  approveMailRequest: { method: 'POST', path: '/customers/approve-mail-request', auth: false, schema: mailRequestSchema, rateLimit: { kind: 'send', target: 'mail' } },
  approveMail: { method: 'POST', path: '/customers/approve-mail', auth: false, schema: mailConfirmSchema, rateLimit: { kind: 'check', target: 'mail' } },

  applyCampaignCode: { method: 'POST', path: '/customers/apply-campaign-code', auth: false, schema: campaignCodeSchema },
  applyReferenceCode: { method: 'POST', path: '/customers/apply-reference-code', auth: false, schema: referenceCodeSchema },

  authStart: { method: 'POST', path: '/customers/auth-start', auth: false, schema: authStartSchema, rateLimit: { kind: 'send', target: 'nationality_number' } },
  auth: { method: 'POST', path: '/customers/auth', auth: false, schema: authSchema, session: 'storeToken', rateLimit: { kind: 'check' } },
  tokenAuth: { method: 'POST', path: '/customers/token-auth', auth: false, schema: tokenAuthSchema, session: 'tokenFromSession' },

  uploadNationalityDocs: {
    method: 'POST',
    path: '/customers/upload-nationality-docs',
    auth: true,
    multipart: { fields: [], files: ['front-nationality-license', 'back-nationality-license'] },
  },
  // The spec does not show this path (docs/decisions/0010-where-the-spec-is-silent.md chose it); it is
  // kept in this one place.
  uploadSubscriptionDocs: {
    method: 'POST',
    path: '/customers/upload-subscription-docs',
    auth: true,
    multipart: { fields: ['subscription_id'], files: ['tax-plate', 'signature-circular'] },
  },

  contactForm: { method: 'POST', path: '/forms/contact-form', auth: false, schema: contactSchema },
} as const satisfies Record<string, ApiCall>;

export type ApiCallName = keyof typeof apiCalls;

type Calls = typeof apiCalls;

/** What a call takes: its schema's input, a multipart form for an upload, nothing for a GET. */
export type ApiBody<N extends ApiCallName> = N extends ApiCallName
  ? Calls[N] extends { schema: infer S extends z.ZodType }
    ? z.input<S>
    : Calls[N] extends { multipart: object }
      ? FormData
      : undefined
  : never;

/**
 * What each call answers in the envelope's `data` on our origin (spec §3,
 * docs/decisions/0010-where-the-spec-is-silent.md): the calls
 * that start a session answer the customer as pages know them, never the token. Calls not named
 * answer a hash or a message only.
 */
export interface ApiAnswers {
  infrastructure: Option[] | InfrastructureResult;
  getSettings: Settings;
  countries: Country[];
  registerStep4: SessionUser;
  transferRegisterStep5: SessionUser;
  auth: SessionUser;
  authRegisterStep2: Subscription;
  authTransferRegisterStep3: Subscription;
  transferRegisterStep1: TransferLookup;
}

export type ApiAnswer<N extends ApiCallName> = N extends keyof ApiAnswers ? ApiAnswers[N] : undefined;

export const apiCallNames = Object.keys(apiCalls) as ApiCallName[];

/** The call a method and path name, or undefined for anything the spec does not list. */
export function findApiCall(method: string, path: string): ApiCallName | undefined {
  return apiCallNames.find((name) => apiCalls[name].path === path && apiCalls[name].method === method);
}

/** Whether a path is a described call under any method (to tell 405 from 404). */
export function isDescribedPath(path: string): boolean {
  return apiCallNames.some((name) => apiCalls[name].path === path);
}
