/**
 * The session route (GET the user, DELETE to log out), for modules in every page's first load:
 * lib/api/client exports the same value but also brings the call list and its zod schemas.
 */
export const SESSION_ENDPOINT = '/api/session';
