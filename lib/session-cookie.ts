/** The session cookie's name, apart from lib/session.ts so proxy.ts can tell a customer's visit cheaply. */
export const SESSION_COOKIE = 'ob_session';
