import { isTrustedStateChange } from '@/lib/bff/csrf';
import { envelopeResponse, errorResponse, replyText, responseLocale } from '@/lib/bff/responses';
import { readSessionCustomer } from '@/lib/bff/session-customer';
import { endSession, getSession, sessionUser } from '@/lib/session/session';

export const dynamic = 'force-dynamic';

/**
 * The signed-in customer (or null) as every page carries it: what the header, login, inquiry list
 * and wizard show. A token the upstream refuses ends the session.
 */
export async function GET(request: Request) {
  const read = await readSessionCustomer(request, { required: false });
  if ('response' in read) return read.response;
  return envelopeResponse(200, { status: true, data: read.user ? sessionUser(read.user) : null });
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
