/** The XSRF names configured in spec §7: a JavaScript-readable cookie echoed in a request header. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
