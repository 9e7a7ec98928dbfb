import 'server-only';
import { isIP } from 'node:net';
import { getConfig } from '@/lib/config';

/**
 * The client's address for rate limits and for the upstream's X-Forwarded-For.
 *
 * Under the production entry point (scripts/cluster.cjs) each worker writes it, from the socket,
 * into a header of its own before Next.js sees the request (TRUSTED_PROXY_HOPS says how many
 * X-Forwarded-For entries, from the right, our own proxies wrote), and removes whatever a client
 * sent under that name. Elsewhere (`next dev`) Next.js's X-Forwarded-For is read the same way:
 * Next.js fills it from the socket only when the client sent none.
 */
export function clientIp(request: Request): string {
  const { clientIpHeader, trustedProxyHops } = getConfig();
  if (clientIpHeader) return request.headers.get(clientIpHeader) || 'unknown';
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
