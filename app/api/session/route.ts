import { spendReadBudget } from '@/lib/bff/budget-plan';
import { clientIp } from '@/lib/bff/client-ip';
import { isTrustedStateChange } from '@/lib/bff/csrf';
import { envelopeResponse, errorResponse, replyText, responseLocale, tooManyResponse } from '@/lib/bff/responses';
import { endSession, getSession, resolveUser, sessionUser } from '@/lib/session';

export const dynamic = 'force-dynamic';

/**
 * The signed-in customer (or null) as every page carries it: what the header, login, inquiry list
 * and wizard show. A token the upstream refuses ends the session.
 */
export async function GET(request: Request) {
  const locale = responseLocale(request);
  const wait = await spendReadBudget(clientIp(request));
  if (wait !== null) return tooManyResponse(locale, wait);
  const session = await getSession();
  const result = await resolveUser(session.token);
  if (result.state === 'rejected') session.destroy();
  if (result.state === 'unavailable') return errorResponse(502, replyText(locale, 'network'));
  return envelopeResponse(200, { status: true, data: result.state === 'user' ? sessionUser(result.user) : null });
}

/**
 * Logout. The spec shows no upstream call, so the session's id is revoked here, where every
 * instance looks: a copy of the cookie no longer works.
 */
export async function DELETE(request: Request) {
  if (!isTrustedStateChange(request)) return errorResponse(403, replyText(responseLocale(request), 'forbidden'));
  await endSession(await getSession());
  return envelopeResponse(200, { status: true, data: null });
}
