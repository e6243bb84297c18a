import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { leagueCookies } from '#common/leagues.ts';
import {
  lineupInfoSchema,
  lineupRequestSchema,
  lineupSubmitAnswerSchema,
  lineupSubmitSchema,
} from '#common/lineup.ts';
import type { AppDeps } from '#server/deps.ts';
import { HttpError } from '#server/http/errors.ts';
import { isLeagueError, leagueError } from '#server/leagues/errors.ts';
import { mflSessionEnded, type VisitorAccount, visitorAccount } from '#server/leagues/visitor-accounts.ts';
import { findOwnLeague, loadLineup } from './load.ts';
import { submitLineup } from './submit.ts';

/**
 * MFL lineup routes: read the visitor's lineup for a week (the current one by default), and set it. Both need the MFL
 * login cookie; MFL's own words come through when it refuses.
 */
export async function lineupRoutes(api: FastifyInstance, deps: AppDeps) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const { mfl } = deps.services;

  /** Errors meant for the visitor pass; an answer no one foresaw is MFL's "could not read", not a 500. */
  async function fromMfl<T>(
    reply: FastifyReply,
    account: VisitorAccount,
    call: () => Promise<T>,
  ): Promise<T> {
    try {
      return await call();
    } catch (e) {
      // MFL ended the session: a saved account is marked for a new log-in, a visitor's cookie cleared.
      if (isLeagueError(e, 'not-logged-in'))
        throw await mflSessionEnded(reply.request, deps, account, () =>
          reply.clearCookie(leagueCookies.mfl, {
            path: '/',
            httpOnly: true,
            sameSite: 'lax',
            secure: reply.request.protocol === 'https',
          }),
        );
      if (isLeagueError(e) && e.retryAfterMs !== undefined)
        reply.header('retry-after', String(Math.max(1, Math.ceil(e.retryAfterMs / 1000))));
      if (e instanceof HttpError) throw e;
      reply.log.error({ err: e }, 'MFL lineup answer not understood');
      throw leagueError('mfl', 'unreadable');
    }
  }

  app.post(
    '/mfl/lineup',
    { schema: { body: lineupRequestSchema, response: { 200: lineupInfoSchema } } },
    async (request, reply) => {
      const account = await visitorAccount(request, deps, 'mfl', request.body.league.account);
      const cookie = account.credential;
      reply.header('cache-control', 'private, no-store');
      return fromMfl(reply, account, async () => {
        const league = await findOwnLeague(mfl, cookie, request.body.league.league_id);
        return loadLineup(mfl, cookie, league, request.body.week);
      });
    },
  );

  app.post(
    '/mfl/lineup/set',
    { schema: { body: lineupSubmitSchema, response: { 200: lineupSubmitAnswerSchema } } },
    async (request, reply) => {
      const { league: ref, starters, week } = request.body;
      const account = await visitorAccount(request, deps, 'mfl', ref.account);
      const cookie = account.credential;
      return fromMfl(reply, account, async () => {
        const league = await findOwnLeague(mfl, cookie, ref.league_id);
        return submitLineup(mfl, cookie, league, { week, starters });
      });
    },
  );
}
