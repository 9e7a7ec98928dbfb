import { envelopeResponse, errorResponse, replyText, responseLocale } from '@/lib/bff/responses';
import { readSessionCustomer } from '@/lib/bff/session-customer';
import { modemCredentials } from '@/lib/domain/subscription';

export const dynamic = 'force-dynamic';

/** One subscription's modem credentials, only when its Modem Info tab asks (status 200, spec §2). */
export async function GET(request: Request) {
  // A malformed query is refused before it spends a budget, as lib/bff/handle.ts refuses a malformed body.
  const id = Number(new URL(request.url).searchParams.get('subscription_id'));
  if (!Number.isSafeInteger(id) || id <= 0) return errorResponse(400, replyText(responseLocale(request), 'invalidRequest'));
  const read = await readSessionCustomer(request, { required: true });
  if ('response' in read) return read.response;
  const subscription = read.user.subscriptions.find((item) => item.subscription_id === id);
  const credentials = subscription ? modemCredentials(subscription) : null;
  if (!credentials) return errorResponse(404, replyText(read.locale, 'notFound'));
  return envelopeResponse(200, { status: true, data: credentials });
}
