import { envelopeResponse } from '@/lib/bff/responses';
import { readSessionCustomer } from '@/lib/bff/session-customer';
import { profileUser } from '@/lib/session/session';

export const dynamic = 'force-dynamic';

/** The profile popup's data, asked for when it opens: everything but the modem credentials. */
export async function GET(request: Request) {
  const read = await readSessionCustomer(request, { required: true });
  if ('response' in read) return read.response;
  return envelopeResponse(200, { status: true, data: profileUser(read.user) });
}
