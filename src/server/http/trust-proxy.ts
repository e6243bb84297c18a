import { BlockList, isIP } from 'node:net';

/** Fastify's `trustProxy`: none, the n nearest hops, a list of proxies, or (said in so many words) everyone. */
export type TrustProxy = false | true | ((address: string, hop: number) => boolean) | string[];

/** More proxies than this in front of one server is a count gone wrong, not a deployment. */
export const MAX_PROXY_HOPS = 5;
/** A range wider than this many leading bits is close to "everyone" (two /1 ranges are everyone). */
const NARROWEST_RANGE_BITS = 8;
/** proxy-addr's names for well-known ranges. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];
export const TRUST_EVERYONE = 'everyone';

export const TRUST_PROXY_FORMS =
  `0 (no proxy, the default); the number of proxies in front of the server (1 to ${MAX_PROXY_HOPS}); ` +
  `their addresses or CIDR ranges (/${NARROWEST_RANGE_BITS} or narrower, IPv4-mapped ones by their IPv4 part) or ${NAMED_RANGES.join(', ')}, ` +
  `separated by commas; or "${TRUST_EVERYONE}" to trust every address (only when nothing but your proxy can reach the server)`;

/** One entry of the list as proxy-addr takes it, or why it is refused. */
function proxyEntry(entry: string): { ok: string } | { wrong: string } {
  const lower = entry.toLowerCase();
  if (NAMED_RANGES.includes(lower)) return { ok: lower };
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address);
  const notUnderstood = { wrong: `"${entry}" is not understood` };
  if (family === 0 || rest.length > 0) return notUnderstood;
  if (bits === undefined) return { ok: address };
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > (family === 4 ? 32 : 128)) return notUnderstood;
  if (rangeWidthBits(address, Number(bits), family) < NARROWEST_RANGE_BITS)
    return {
      wrong: `"${entry}" is wider than /${NARROWEST_RANGE_BITS}: it would trust nearly any address a client sends`,
    };
  return { ok: `${address}/${Number(bits)}` };
}

const MAPPED_IPV4 = new BlockList();
MAPPED_IPV4.addSubnet('::ffff:0:0', 96, 'ipv6');

/**
 * How many leading bits a range fixes, as the addresses it trusts count them: an IPv6 range that
 * holds IPv4-mapped addresses (::ffff:a.b.c.d) trusts IPv4 clients, so it is as narrow as its IPv4
 * part (::ffff:0:0/96, or ::/80 around it, is every IPv4 client: /0).
 */
function rangeWidthBits(address: string, bits: number, family: number): number {
  if (family === 4) return bits;
  const range = new BlockList();
  range.addSubnet(address, bits, 'ipv6');
  const holdsMapped = bits <= 96 ? range.check('::ffff:0:0', 'ipv6') : MAPPED_IPV4.check(address, 'ipv6');
  return holdsMapped ? Math.max(0, bits - 96) : bits;
}

/**
 * Reads TRUST_PROXY strictly: anything it does not understand is an error naming the accepted
 * forms, never a guess. Trusting every address takes the word "everyone": a hop count over
 * MAX_PROXY_HOPS, or ranges wider than /8 (0.0.0.0/0, two /1s), would do the same unsaid.
 * A hop count is a function (this Fastify refuses a bare number): the n addresses nearest the
 * server are proxies, the one before them is the client.
 */
export function parseTrustProxy(value: string): { trustProxy: TrustProxy } | { error: string } {
  const v = value.trim();
  const refuse = (why: string) => ({ error: `${why}. Write ${TRUST_PROXY_FORMS}.` });
  if (v === '' || v === '0') return { trustProxy: false };
  if (v === TRUST_EVERYONE) return { trustProxy: true };
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > MAX_PROXY_HOPS) return refuse(`"${v}" proxies would trust nearly any address a client sends`);
    return { trustProxy: (_address, hop) => hop < hops };
  }
  const parsed = v.split(',').map((e) => proxyEntry(e.trim()));
  const wrong = parsed.flatMap((p) => ('wrong' in p ? [p.wrong] : []));
  if (wrong.length > 0) return refuse(wrong.join('; '));
  return { trustProxy: parsed.map((p) => ('ok' in p ? p.ok : '')) };
}

const NAMED: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/**
 * Whether a connection from `address` comes from a proxy `trustProxy` trusts, so that it speaks for
 * someone else (whoever it names, or fails to name). A hop count trusts the nearest hop, which is
 * the connection itself.
 */
export function trustsAddress(trustProxy: TrustProxy, address: string): boolean {
  if (trustProxy === false) return false;
  if (trustProxy === true) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const addr = mapped ?? address;
  if (typeof trustProxy === 'function') return trustProxy(addr, 0);
  const family = isIP(addr) === 6 ? 'ipv6' : 'ipv4';
  const list = new BlockList();
  for (const entry of trustProxy) {
    if (NAMED[entry]) {
      for (const [net, bits, type] of NAMED[entry]) list.addSubnet(net, bits, type);
      continue;
    }
    const [net, bits] = entry.split('/');
    const type = isIP(net) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(net, type);
    else list.addSubnet(net, Number(bits), type);
  }
  return isIP(addr) !== 0 && list.check(addr, family);
}
