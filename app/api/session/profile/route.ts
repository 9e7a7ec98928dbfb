import { spendReadBudget } from '@/lib/bff/budget-plan';
import { clientIp } from '@/lib/bff/client-ip';
import { envelopeResponse, errorResponse, replyText, responseLocale, sessionExpiredResponse, tooManyResponse } from '@/lib/bff/responses';
import { getSession, profileUser, resolveUser } from '@/lib/session';

export const dynamic = 'force-dynamic';

/** The profile popup's data, asked for when it opens: everything but the modem credentials. */
export async function GET(request: Request) {
  const locale = responseLocale(request);
  const wait = await spendReadBudget(clientIp(request));
  if (wait !== null) return tooManyResponse(locale, wait);
  const session = await getSession();
  const result = await resolveUser(session.token);
  if (result.state === 'rejected') session.destroy();
  if (result.state === 'unavailable') return errorResponse(502, replyText(locale, 'network'));
  if (result.state !== 'user') return sessionExpiredResponse(locale);
  return envelopeResponse(200, { status: true, data: profileUser(result.user) });
}
