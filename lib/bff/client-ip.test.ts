import { afterEach, describe, expect, it, vi } from 'vitest';

const config = vi.hoisted(() => ({ trustedProxyHops: 0 }));
vi.mock('@/lib/server/config', () => ({ getConfig: () => config }));

const { addressKey, clientIp, networkKeys, plainAddress } = await import('@/lib/bff/client-ip');

const forwarded = (value?: string) => new Request('http://site.test/', value === undefined ? {} : { headers: { 'X-Forwarded-For': value } });

afterEach(() => {
  config.trustedProxyHops = 0;
});

describe('clientIp', () => {
  it('without proxies of our own, takes the last entry: the one Next.js or the socket added', () => {
    expect(clientIp(forwarded('198.51.100.9, 203.0.113.7'))).toBe('203.0.113.7');
    expect(clientIp(forwarded('203.0.113.7'))).toBe('203.0.113.7');
  });

  it('behind trusted proxies, takes the entry the first of them wrote, whatever the client put before it', () => {
    config.trustedProxyHops = 1;
    expect(clientIp(forwarded('10.9.9.9, 203.0.113.7'))).toBe('203.0.113.7');
    config.trustedProxyHops = 2;
    expect(clientIp(forwarded('10.9.9.9, 203.0.113.7, 192.0.2.10'))).toBe('203.0.113.7');
    // A shorter chain than the proxies configured: its first entry.
    config.trustedProxyHops = 3;
    expect(clientIp(forwarded(' 203.0.113.7 ,192.0.2.10'))).toBe('203.0.113.7');
  });

  it('skips empty entries and drops a port', () => {
    expect(clientIp(forwarded('198.51.100.9, 203.0.113.7:5123, ,'))).toBe('203.0.113.7');
    expect(clientIp(forwarded('[2001:db8::1]:443'))).toBe('2001:db8::1');
  });

  it('is `unknown` for no header, an empty one, or an entry that is no address', () => {
    expect(clientIp(forwarded())).toBe('unknown');
    expect(clientIp(forwarded(''))).toBe('unknown');
    expect(clientIp(forwarded(' , '))).toBe('unknown');
    expect(clientIp(forwarded('203.0.113.7, evil.example'))).toBe('unknown');
  });
});

describe('plainAddress', () => {
  it('takes a port only after a whole address', () => {
    expect(plainAddress('[2001:db8::1]')).toBe('2001:db8::1');
    for (const entry of ['x[2001:db8::1]:443', '[2001:db8::1]:443x', '203.0.113.7:80x', '::ffff:203.0.113.7:80']) expect(plainAddress(entry), entry).toBeUndefined();
  });
});

describe('addressKey and networkKeys', () => {
  it('read an IPv6 address however it is written: with `::` anywhere, in capitals, with leading zeros', () => {
    expect(addressKey('2001:DB8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2::')).toBe('2001:db8:1:2::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('2001:db8::1:2:3:4')).toBe('2001:db8:0:0::/64');
    expect(addressKey('2001:0db8:0000:0000:0001:0002:0003:0004')).toBe('2001:db8:0:0::/64');
    // The groups after `::` count: five of them leave room for two zeros.
    expect(addressKey('1::2:3:4:5:6')).toBe('1:0:0:2::/64');
    expect(networkKeys('1::2:3:4:5:6')).toEqual({ network: '1:0:0::/48', wide: '1:0::/32' });
    // An IPv6 address whose last groups are written as IPv4 is still IPv6.
    expect(addressKey('1:2:3::198.51.100.7')).toBe('1:2:3:0::/64');
    expect(networkKeys('1:2:3::198.51.100.7')).toEqual({ network: '1:2:3::/48', wide: '1:2::/32' });
    expect(networkKeys('2001:db8::1')).toEqual({ network: '2001:db8:0::/48', wide: '2001:db8::/32' });
    expect(networkKeys('::')).toEqual({ network: '0:0:0::/48', wide: '0:0::/32' });
  });

  it('take an IPv4-mapped address as IPv4, and only a real one', () => {
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('::ffff:1:2')).toBe('0:0:0:0::/64');
    expect(networkKeys('::ffff:1:2')).toEqual({ network: '0:0:0::/48', wide: '0:0::/32' });
  });
});
