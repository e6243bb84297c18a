import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** One /64 is what a household, a phone or a rented server gets: it can rotate through 2^64 addresses. */
export const DEFAULT_IPV6_PREFIX = 64;

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Who the client is, for every per-address limit and the league queues' fairness: an IPv4
     * address as it is, an IPv6 address as its network (the first `CLIENT_IPV6_PREFIX` bits).
     */
    clientNetwork: string;
  }
}

/** The eight 16-bit groups of an IPv6 address (zone and brackets dropped), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!isIPv6(bare)) return undefined;
  let text = bare.toLowerCase();
  // A trailing dotted IPv4 (::ffff:192.0.2.1) is two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const front = part(head);
  const back = part(tail);
  const groups =
    tail === undefined ? front : [...front, ...Array(8 - front.length - back.length).fill(0), ...back];
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : undefined;
}

/** Groups written the short way: the longest run of two or more zero groups becomes "::". */
function compress(groups: number[]): string {
  let best = { at: -1, length: 1 };
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j += 1;
    if (j - i > best.length) best = { at: i, length: j - i };
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.at < 0) return hex.join(':');
  return `${hex.slice(0, best.at).join(':')}::${hex.slice(best.at + best.length).join(':')}`;
}

/**
 * The network a client address belongs to, as the per-address limits count it: an IPv4 address
 * is itself (so is an IPv4-mapped IPv6 one, `::ffff:192.0.2.1`); an IPv6 address is its first
 * `prefix` bits, written as a network (`2001:db8:1:2::/64`), since whoever holds one address of a
 * /64 holds them all. With prefix 128 every IPv6 address counts alone.
 */
export function clientNetwork(address: string, prefix = DEFAULT_IPV6_PREFIX): string {
  if (isIPv4(address)) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address.toLowerCase();
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff)
    return `${groups[6] >> 8}.${groups[6] & 255}.${groups[7] >> 8}.${groups[7] & 255}`;
  const masked = groups.map((g, i) => {
    const bits = Math.min(16, Math.max(0, prefix - i * 16));
    return bits === 0 ? 0 : g & ((0xffff << (16 - bits)) & 0xffff);
  });
  return prefix >= 128 ? compress(masked) : `${compress(masked)}/${prefix}`;
}

/** Gives every request its `clientNetwork`, from the address Fastify trusts (`request.ip`, see TRUST_PROXY). */
export function registerClientNetwork(app: FastifyInstance, ipv6Prefix: number) {
  app.decorateRequest('clientNetwork', {
    getter() {
      return clientNetwork(this.ip, ipv6Prefix);
    },
  });
}
