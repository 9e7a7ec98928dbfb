import { describe, expect, it } from 'vitest';
import { isTrustedStateChange, readCookie } from '@/lib/bff/csrf';

const withHeaders = (headers: Record<string, string>) => new Request('http://site.test/api/v1/x', { method: 'POST', headers });

/** A state change as our own pages send it: same origin, the XSRF cookie echoed in its header. */
const own = { 'Sec-Fetch-Site': 'same-origin', Origin: 'https://site.test', Host: 'site.test', Cookie: 'XSRF-TOKEN=abc123', 'X-XSRF-TOKEN': 'abc123' };

describe('readCookie', () => {
  it('finds a cookie by its exact name among others, decoded', () => {
    const request = withHeaders({ Cookie: 'XSRF-TOKEN-OLD=1; XSRF-TOKEN=a%20b%3Dc;other=2' });
    expect(readCookie(request, 'XSRF-TOKEN')).toBe('a b=c');
    expect(readCookie(request, 'other')).toBe('2');
    expect(readCookie(request, 'XSRF')).toBeUndefined();
  });

  it('keeps an `=` inside a value, and takes an empty value as empty', () => {
    expect(readCookie(withHeaders({ Cookie: 'seal=Fe26.2**a==*b=' }), 'seal')).toBe('Fe26.2**a==*b=');
    expect(readCookie(withHeaders({ Cookie: 'a=; b=1' }), 'a')).toBe('');
  });

  it('answers the first of two cookies of one name', () => {
    expect(readCookie(withHeaders({ Cookie: 'a=first; a=second' }), 'a')).toBe('first');
  });

  it('answers undefined without a cookie header', () => {
    expect(readCookie(withHeaders({}), 'XSRF-TOKEN')).toBeUndefined();
  });
});

describe('isTrustedStateChange', () => {
  it('takes a state change from our own pages', () => {
    expect(isTrustedStateChange(withHeaders(own))).toBe(true);
  });

  it('takes one from a browser that sends neither Sec-Fetch-Site nor Origin, on the XSRF echo alone', () => {
    expect(isTrustedStateChange(withHeaders({ Cookie: own.Cookie, 'X-XSRF-TOKEN': 'abc123' }))).toBe(true);
  });

  it('refuses a request another site made, or one the browser made on its own', () => {
    for (const site of ['cross-site', 'same-site', 'none']) {
      expect(isTrustedStateChange(withHeaders({ ...own, 'Sec-Fetch-Site': site })), site).toBe(false);
    }
  });

  it('refuses an Origin other than the host the request reached', () => {
    expect(isTrustedStateChange(withHeaders({ ...own, Origin: 'https://evil.test' }))).toBe(false);
    expect(isTrustedStateChange(withHeaders({ ...own, Origin: 'https://site.test:8443' }))).toBe(false);
    expect(isTrustedStateChange(withHeaders({ ...own, Origin: 'null' }))).toBe(false);
  });

  it('compares the Origin with the host the edge received (X-Forwarded-Host) before its own Host', () => {
    expect(isTrustedStateChange(withHeaders({ ...own, Host: '10.0.0.5:3000', 'X-Forwarded-Host': 'site.test' }))).toBe(true);
    expect(isTrustedStateChange(withHeaders({ ...own, 'X-Forwarded-Host': 'other.test' }))).toBe(false);
  });

  it('refuses a request whose XSRF header does not echo the cookie', () => {
    const { 'X-XSRF-TOKEN': _header, ...noHeader } = own;
    const { Cookie: _cookie, ...noCookie } = own;
    void _header;
    void _cookie;
    expect(isTrustedStateChange(withHeaders(noHeader))).toBe(false);
    expect(isTrustedStateChange(withHeaders(noCookie))).toBe(false);
    expect(isTrustedStateChange(withHeaders({ ...own, 'X-XSRF-TOKEN': 'abc124' }))).toBe(false);
    expect(isTrustedStateChange(withHeaders({ ...own, 'X-XSRF-TOKEN': 'abc1234' }))).toBe(false);
    expect(isTrustedStateChange(withHeaders({ ...own, 'X-XSRF-TOKEN': 'abc12' }))).toBe(false);
    expect(isTrustedStateChange(withHeaders({ ...own, Cookie: 'XSRF-TOKEN=', 'X-XSRF-TOKEN': '' }))).toBe(false);
  });
});
