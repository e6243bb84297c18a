import type { FastifyRequest } from 'fastify';
import type { LeagueType } from '#common/leagues.ts';
import {
  type VisitorAccount,
  type VisitorAccountsDeps,
  visitorAccount,
} from '#server/leagues/visitor-accounts.ts';

/**
 * The account each league of a request is read through: the one its reference names, else the
 * visitor's first of the service. A request naming an account the visitor does not have in use (or
 * a visitor with none of the service) fails as a whole (404, 401), before any league is read.
 */
export async function leagueAccounts<R extends { account?: string }>(
  request: FastifyRequest,
  deps: VisitorAccountsDeps,
  refs: readonly R[],
  /** The service of the request's leagues, or of each league when they are of several. */
  type: LeagueType | ((ref: R) => LeagueType),
): Promise<Map<R, VisitorAccount>> {
  const accounts = new Map<R, VisitorAccount>();
  for (const ref of refs) {
    const service = typeof type === 'function' ? type(ref) : type;
    accounts.set(ref, await visitorAccount(request, deps, service, ref.account));
  }
  return accounts;
}
