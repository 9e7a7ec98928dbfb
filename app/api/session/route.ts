import { isTrustedStateChange } from '@/lib/bff/csrf';
import { envelopeResponse, errorResponse, errorText, responseLocale } from '@/lib/bff/responses';
import { getSession, resolveUser } from '@/lib/session';

export const dynamic = 'force-dynamic';

/** The signed-in customer (or null), for SWR. A token the upstream refuses ends the session. */
export async function GET(request: Request) {
  const session = await getSession();
  const result = await resolveUser(session.token);
  if (result.state === 'rejected') session.destroy();
  if (result.state === 'unavailable') return errorResponse(502, errorText(responseLocale(request), 'network'));
  return envelopeResponse(200, { status: true, data: result.state === 'user' ? result.user : null });
}

/** Logout: the spec shows no upstream call, so ending the session is the whole of it. */
export async function DELETE(request: Request) {
  if (!isTrustedStateChange(request)) return errorResponse(403, errorText(responseLocale(request), 'forbidden'));
  (await getSession()).destroy();
  return envelopeResponse(200, { status: true, data: null });
}
