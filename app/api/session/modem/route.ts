import { spendReadBudget } from '@/lib/bff/budget-plan';
import { clientIp } from '@/lib/bff/client-ip';
import { envelopeResponse, errorResponse, replyText, responseLocale, sessionExpiredResponse, tooManyResponse } from '@/lib/bff/responses';
import { modemCredentials } from '@/lib/domain/subscription';
import { getSession, resolveUser } from '@/lib/session';

export const dynamic = 'force-dynamic';

/** One subscription's modem credentials, only when its Modem Info tab asks (status 200, spec §2). */
export async function GET(request: Request) {
  const locale = responseLocale(request);
  const wait = await spendReadBudget(clientIp(request));
  if (wait !== null) return tooManyResponse(locale, wait);
  const id = Number(new URL(request.url).searchParams.get('subscription_id'));
  if (!Number.isSafeInteger(id) || id <= 0) return errorResponse(400, replyText(locale, 'invalidRequest'));
  const session = await getSession();
  const result = await resolveUser(session.token);
  if (result.state === 'rejected') session.destroy();
  if (result.state === 'unavailable') return errorResponse(502, replyText(locale, 'network'));
  if (result.state !== 'user') return sessionExpiredResponse(locale);
  const subscription = result.user.subscriptions.find((item) => item.subscription_id === id);
  const credentials = subscription ? modemCredentials(subscription) : null;
  if (!credentials) return errorResponse(404, replyText(locale, 'notFound'));
  return envelopeResponse(200, { status: true, data: credentials });
}
