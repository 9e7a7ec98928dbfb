import 'server-only';
import { isIP } from 'node:net';
import { getConfig } from '@/lib/server/config';

/**
 * The client's address for rate limits and for the upstream's X-Forwarded-For.
 *
 * Next.js gives route handlers no socket: it fills X-Forwarded-For with the socket's address
 * only when the client sent none. Behind the edge (deploy/nginx), which writes the header itself,
 * TRUSTED_PROXY_HOPS=1 takes its entry; an origin reached directly believes what a client wrote,
 * so in production only the edge reaches the origins (SECURITY.md).
 */
export function clientIp(request: Request): string {
  const { trustedProxyHops } = getConfig();
  const chain = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  // Each proxy appended the address it saw; without our own proxies, Next.js's entry is the last.
  return plainAddress(chain[chain.length - Math.max(1, trustedProxyHops)] ?? chain[0] ?? '') ?? 'unknown';
}

/**
 * An X-Forwarded-For entry as an IP address: a port a balancer added (`203.0.113.7:5123`,
 * `[2001:db8::1]:443`) is dropped, so it cannot make a new key per connection; anything that is
 * no address is none.
 */
export function plainAddress(entry: string): string | undefined {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  const candidate = bracketed ? bracketed[1]! : /^[\d.]+:\d+$/.test(entry) ? entry.slice(0, entry.lastIndexOf(':')) : entry;
  return isIP(candidate) ? candidate : undefined;
}

/**
 * The key one address is counted under: an IPv4 address as it is, an IPv6 address by its /64
 * network (one subscriber usually holds a whole /64, so single addresses would cost nothing to rotate).
 */
export function addressKey(address: string): string {
  const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  if (isIP(plain) !== 6) return plain;
  return `${expandIpv6(plain).slice(0, 4).join(':')}::/64`;
}

/**
 * The wider networks one address belongs to, each counted with a larger budget of its own: an
 * IPv4 address's /24; an IPv6 address's /48 (one site's allocation) and /32 (one provider's), so
 * rotating addresses inside one allocation gains little.
 */
export function networkKeys(address: string): { network: string; wide?: string } | undefined {
  const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  if (isIP(plain) === 4) return { network: `${plain.split('.').slice(0, 3).join('.')}.0/24` };
  if (isIP(plain) !== 6) return undefined;
  const groups = expandIpv6(plain);
  return { network: `${groups.slice(0, 3).join(':')}::/48`, wide: `${groups.slice(0, 2).join(':')}::/32` };
}

function expandIpv6(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array.from({ length: 8 - left.length - right.length }, () => '0');
  return [...left, ...fill, ...right].map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''));
}
