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
import { HttpError, unauthorized } from '#server/http/errors.ts';
import { isLeagueError, leagueError } from '#server/leagues/errors.ts';
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
  async function fromMfl<T>(reply: FastifyReply, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (e) {
      if (isLeagueError(e, 'not-logged-in'))
        reply.clearCookie(leagueCookies.mfl, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: reply.request.protocol === 'https',
        });
      if (isLeagueError(e) && e.retryAfterMs !== undefined)
        reply.header('retry-after', String(Math.max(1, Math.ceil(e.retryAfterMs / 1000))));
      if (e instanceof HttpError) throw e;
      reply.log.error({ err: e }, 'MFL lineup answer not understood');
      throw leagueError('mfl', 'unreadable');
    }
  }

  const mflCookie = (cookies: Record<string, string | undefined>) => {
    const value = cookies[leagueCookies.mfl];
    if (!value) throw unauthorized('Log in to MFL first.');
    return value;
  };

  app.post(
    '/mfl/lineup',
    { schema: { body: lineupRequestSchema, response: { 200: lineupInfoSchema } } },
    async (request, reply) => {
      const cookie = mflCookie(request.cookies);
      reply.header('cache-control', 'private, no-store');
      return fromMfl(reply, async () => {
        const league = await findOwnLeague(mfl, cookie, request.body.league.league_id);
        return loadLineup(mfl, cookie, league, request.body.week);
      });
    },
  );

  app.post(
    '/mfl/lineup/set',
    { schema: { body: lineupSubmitSchema, response: { 200: lineupSubmitAnswerSchema } } },
    async (request, reply) => {
      const cookie = mflCookie(request.cookies);
      const { league: ref, starters, week } = request.body;
      return fromMfl(reply, async () => {
        const league = await findOwnLeague(mfl, cookie, ref.league_id);
        return submitLineup(mfl, cookie, league, { week, starters });
      });
    },
  );
}
