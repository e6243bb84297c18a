/** MFL logins: the MFL_USER_ID cookie and APIKEY. Cookies are signed, not stored, so they outlive a reset. */
import type { FastifyRequest } from 'fastify';
import type { Account } from '../world/league.ts';
import { hash32 } from '../world/random.ts';
import type { World } from '../world/world.ts';

function signature(world: World, account: Account): string {
  return hash32(world.seed, 'mfl-cookie', account.key).toString(36);
}

/** A base64 value, so it can hold '/', '+' and '=' like the real cookie. */
export function cookieFor(world: World, account: Account): string {
  return Buffer.from(`${account.login}\u0001${signature(world, account)}\u0001mfl-sim`).toString('base64');
}

export function accountFromCookie(world: World, value: string): Account | undefined {
  const [login, sig] = Buffer.from(value, 'base64').toString('utf8').split('\u0001');
  const account = login ? world.account('mfl', login) : undefined;
  return account && signature(world, account) === sig ? account : undefined;
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return part.slice(eq + 1).trim();
      }
    }
  }
  return undefined;
}

/** The MFL user of a request, from its cookie or APIKEY; none when an 'expired-cookie' fault hit it. */
export function mflUser(
  world: World,
  req: FastifyRequest,
  params: Record<string, string>,
): Account | undefined {
  if ((req as FastifyRequest & { simExpired?: boolean }).simExpired) return undefined;
  const cookie = readCookie(req.headers.cookie, 'MFL_USER_ID');
  if (cookie) {
    const a = accountFromCookie(world, cookie);
    if (a) return a;
  }
  if (params.APIKEY) return world.accounts.find((a) => a.service === 'mfl' && a.apiKey === params.APIKEY);
  return undefined;
}
