import 'server-only';
import { isIP } from 'node:net';
import { getConfig } from '@/lib/config';

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
  return chain[chain.length - Math.max(1, trustedProxyHops)] ?? chain[0] ?? 'unknown';
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

function expandIpv6(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array.from({ length: 8 - left.length - right.length }, () => '0');
  return [...left, ...fill, ...right].map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''));
}
