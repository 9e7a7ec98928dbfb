import { type ApiCall, apiCalls } from '@/lib/api/calls';
import { XSRF_COOKIE } from '@/lib/api/csrf';
import { BodyError, readJsonBody } from '@/lib/bff/body';
import { spendReadBudget } from '@/lib/bff/budget-plan';
import { clientIp } from '@/lib/bff/client-ip';
import { isTrustedStateChange, readCookie } from '@/lib/bff/csrf';
import { filingOutcome, forgetFiling } from '@/lib/bff/filing';
import { respond } from '@/lib/bff/handle';
import { envelopeResponse, errorResponse, filedUnansweredResponse, replyText, responseLocale, tooManyResponse } from '@/lib/bff/responses';
import { getSession } from '@/lib/session/session';

export const dynamic = 'force-dynamic';

/**
 * What became of this browser's filing call that outlasted API_TIMEOUT_MS (lib/bff/filing.ts):
 * 202 while the upstream has not answered; its answer once it has, as the call itself would have
 * given it (a visitor's session starts here); 502 `filed_unanswered` when it was filed but its answer
 * lost; 404 `filing_unknown` when no answer came.
 */
export async function POST(request: Request) {
  const locale = responseLocale(request);
  if (!isTrustedStateChange(request)) return errorResponse(403, replyText(locale, 'forbidden'));
  const wait = await spendReadBudget(clientIp(request));
  if (wait !== null) return tooManyResponse(locale, wait);
  let formHash: unknown;
  try {
    formHash = ((await readJsonBody(request, 1024)) as { form_security_hash?: unknown } | null)?.form_security_hash;
  } catch (error) {
    if (error instanceof BodyError) return errorResponse(error.status, replyText(locale, 'invalidRequest'));
    throw error;
  }
  if (typeof formHash !== 'string' || formHash.length === 0 || formHash.length > 128) return errorResponse(400, replyText(locale, 'invalidRequest'));

  const outcome = await filingOutcome(formHash, readCookie(request, XSRF_COOKIE));
  if (!outcome || outcome.state === 'unanswered') return errorResponse(404, replyText(locale, 'timeout'), undefined, { filing_unknown: true });
  if (outcome.state === 'pending') return envelopeResponse(202, { status: false, details: { filing_pending: true } });
  await forgetFiling(formHash);
  if (outcome.state === 'filedUnanswered') return filedUnansweredResponse(locale);
  const call: ApiCall = apiCalls[outcome.call];
  const session = call.auth || call.session === 'storeToken' ? await getSession() : undefined;
  return respond(outcome.call, call, outcome.answer, locale, session, null);
}
