import type { FastifyRequest } from 'fastify';
import { leagueCookies } from '#common/leagues.ts';
import { maskEmail } from '#server/leagues/routes.ts';

/*
 * The visitor's connected accounts, as My week reads them. Today they are the league cookies (one
 * account per service); when connections move onto site accounts (several a service), this is the
 * one function to change: every league line carries the account it came from (an email masked as
 * the connection bar shows it).
 */

export interface MyWeekAccounts {
  mfl?: { account: string; cookie: string };
  sleeper?: { account: string; userId: string };
  flea?: { account: string; email: string };
}

export function visitorAccounts(request: FastifyRequest): MyWeekAccounts {
  const c = request.cookies;
  const mfl = c[leagueCookies.mfl];
  const sleeperId = c[leagueCookies.sleeperId];
  const flea = c[leagueCookies.flea];
  return {
    ...(mfl ? { mfl: { account: 'MFL', cookie: mfl } } : {}),
    ...(sleeperId
      ? { sleeper: { account: c[leagueCookies.sleeperName] || sleeperId, userId: sleeperId } }
      : {}),
    ...(flea ? { flea: { account: maskEmail(flea), email: flea } } : {}),
  };
}
