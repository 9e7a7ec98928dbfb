import 'server-only';
import type { User } from '@/lib/api/types';
import { spendReadBudget } from '@/lib/bff/budget-plan';
import { clientIp } from '@/lib/bff/client-ip';
import { errorResponse, replyText, responseLocale, sessionExpiredResponse, tooManyResponse } from '@/lib/bff/responses';
import { getSession, resolveUser } from '@/lib/session/session';

/** The request's customer and the language to answer in, or the response that ends the request. */
export type SessionRead<Customer> = { locale: 'tr' | 'en'; user: Customer } | { response: Response };

/**
 * How the routes under app/api/session find the request's customer: the client's read budget
 * first (429 past it), then the session's token checked with the upstream. A token it refuses ends
 * the session and answers the 401 of an ended session, so the page offers the login again; an
 * upstream it cannot ask is a 502 that keeps it. Without a session `user` is null, or, when one is
 * `required`, the answer is that 401 too.
 */
export async function readSessionCustomer(request: Request, options: { required: true }): Promise<SessionRead<User>>;
export async function readSessionCustomer(request: Request, options: { required: false }): Promise<SessionRead<User | null>>;
export async function readSessionCustomer(request: Request, { required }: { required: boolean }): Promise<SessionRead<User | null>> {
  const locale = responseLocale(request);
  const wait = await spendReadBudget(clientIp(request));
  if (wait !== null) return { response: tooManyResponse(locale, wait) };
  const session = await getSession();
  const result = await resolveUser(session.token);
  if (result.state === 'rejected') {
    session.destroy();
    return { response: sessionExpiredResponse(locale) };
  }
  if (result.state === 'unavailable') return { response: errorResponse(502, replyText(locale, 'network')) };
  if (result.state === 'user') return { locale, user: result.user };
  return required ? { response: sessionExpiredResponse(locale) } : { locale, user: null };
}
