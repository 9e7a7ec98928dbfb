/** The session cookie's name, apart from lib/session/session.ts so proxy.ts can tell a customer's visit cheaply. */
export const SESSION_COOKIE = 'ob_session';

/** How long a session lasts (the cookie's life, and how long a logout's revocation is kept). */
export const SESSION_TTL_SECONDS = 60 * 60 * 12;

/** The login-device cookie's name (lib/bff/device.ts), here so the cookie notice (lib/legal/cookies.ts) can name it. */
export const DEVICE_COOKIE = 'ob_device';

/** How long a browser keeps its login-device note. */
export const DEVICE_COOKIE_SECONDS = 365 * 24 * 3600;
