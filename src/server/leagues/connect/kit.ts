import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type League, type LeagueType, leagueSchema } from '#common/leagues.ts';
import { HttpError, unauthorized } from '#server/http/errors.ts';
import { saveConnection } from '../connection-store.ts';
import { isLeagueError, leagueError } from '../errors.ts';
import type { LeagueServices } from '../services.ts';
import {
  noteUse,
  onSiteAccount,
  type VisitorAccount,
  type VisitorAccountsDeps,
  visitorAccounts,
} from '../visitor-accounts.ts';

/*
 * What each service's connect and league routes (mfl.ts, sleeper.ts, flea.ts)
 * are built with: the cookies, where a new connection is kept, the listing of every account's leagues,
 * and the one way a service's failure reaches the visitor.
 */

export const okSchema = z.object({ ok: z.literal(true) });
export const leaguesSchema = z.array(leagueSchema);
const thirtyDays = 30 * 24 * 60 * 60;

export const clip = (s: string, max: number) => (s.length > max ? s.slice(0, max) : s);

/**
 * Runs a call to a league service. Errors already meant for the visitor pass through (a 503 also
 * says when to retry); anything else (an answer shaped in a way no one foresaw) becomes the
 * service's "could not read" 502 instead of a 500.
 */
export async function fromService<T>(
  service: LeagueType,
  reply: FastifyReply,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (e) {
    if (isLeagueError(e) && e.retryAfterMs !== undefined) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(e.retryAfterMs / 1000))));
    }
    if (e instanceof HttpError) throw e;
    reply.log.error({ err: e, service }, 'league service answer not understood');
    throw leagueError(service, 'unreadable');
  }
}

/** The visitor's choice to share their MFL leagues' rookie drafts (tools/rookie-adp/consent.ts). */
export interface MflSharingHooks {
  contributor(request: FastifyRequest): Promise<string | undefined>;
  choose(
    request: FastifyRequest,
    reply: FastifyReply,
    choice: { share: boolean; username: string },
  ): Promise<void>;
  stop(request: FastifyRequest, reply: FastifyReply): Promise<{ leagues: number; drafts: number }>;
  /** A deleted account's consent: what only it shared goes, whatever its choice was. */
  forgetUser(userId: number): Promise<{ leagues: number; drafts: number }>;
}

/** What a service's routes are given. */
export interface ServiceRouteKit {
  services: LeagueServices;
  accounts: VisitorAccountsDeps;
  /** The app's one set of sharing hooks; without it, no one is asked and no one shares. */
  sharing?: MflSharingHooks;
  /** Clears the named league cookies. */
  clear: (reply: FastifyReply, ...names: string[]) => void;
  /**
   * Keeps a new connection: on the signed-in user's site account (when the server keeps them), else
   * in this browser's cookies as it always was.
   */
  keep: (
    request: FastifyRequest,
    reply: FastifyReply,
    c: { service: LeagueType; account: string; label: string; credential: string },
    cookies: Record<string, string>,
  ) => Promise<void>;
  /**
   * The leagues of the visitor's accounts of the service in use, each read at once and each league
   * marked with the saved account it came from (none for a cookie). One account's failure fails the
   * list when it is the only one; with several, the others' leagues are still listed.
   */
  leaguesOf: (
    request: FastifyRequest,
    reply: FastifyReply,
    service: LeagueType,
    notConnected: string,
    list: (account: VisitorAccount) => Promise<League[]>,
  ) => Promise<League[]>;
}

/** The kit, its cookies Secure as `secure` says for each request. */
export function serviceRouteKit(
  services: LeagueServices,
  accounts: VisitorAccountsDeps,
  secure: (request: FastifyRequest) => boolean,
  sharing?: MflSharingHooks,
): ServiceRouteKit {
  // As the session cookie: Secure whenever the request came over HTTPS.
  const cookieOptions = (request: FastifyRequest): CookieSerializeOptions => ({
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: secure(request),
    maxAge: thirtyDays,
  });
  return {
    services,
    accounts,
    sharing,
    clear(reply, ...names) {
      for (const name of names)
        reply.clearCookie(name, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: secure(reply.request),
        });
    },
    async keep(request, reply, c, cookies) {
      const user = request.user;
      if (user && accounts.connectionKeys && onSiteAccount(request, accounts)) {
        await saveConnection(accounts.database.db, accounts.connectionKeys, { userId: user.id, ...c });
        return;
      }
      for (const [name, value] of Object.entries(cookies))
        reply.setCookie(name, value, cookieOptions(request));
    },
    async leaguesOf(request, reply, service, notConnected, list) {
      const mine = (await visitorAccounts(request, accounts)).filter((a) => a.service === service);
      if (mine.length === 0) throw unauthorized(notConnected);
      await noteUse(request, accounts, mine);
      const read = await Promise.allSettled(
        mine.map(async (account) => ({
          account,
          leagues: await fromService(service, reply, () => list(account)),
        })),
      );
      const listed = read.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      if (listed.length === 0) throw (read[0] as PromiseRejectedResult).reason;
      return fromAccounts(listed);
    },
  };
}

/** Each account's leagues, each marked with the saved account it came from (none for a cookie). */
function fromAccounts(lists: { account: VisitorAccount; leagues: League[] }[]): League[] {
  const seen = new Set<string>();
  return lists.flatMap(({ account, leagues }) =>
    leagues.flatMap((l) => {
      // A league two of the visitor's accounts are in is listed once, under the first.
      if (seen.has(l.league_id)) return [];
      seen.add(l.league_id);
      return [
        account.accountId ? { ...l, account: account.accountId, account_label: clip(account.label, 200) } : l,
      ];
    }),
  );
}
