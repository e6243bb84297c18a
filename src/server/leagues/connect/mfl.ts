import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type League,
  leagueCookies,
  mflLoginSchema,
  mflSharingAnswerSchema,
  mflSharingSchema,
} from '#common/leagues.ts';
import { knownBrowsers } from '#server/http/known-browsers.ts';
import { isLeagueError } from '../errors.ts';
import { mflSessionEnded } from '../visitor-accounts.ts';
import { clip, fromService, leaguesSchema, okSchema, type ServiceRouteKit } from './kit.ts';
import { mflLoginLimit } from './mfl-login-limit.ts';

/** MFL's log-in, log-out, the visitor's leagues, and the choice to share their rookie drafts. */
export function mflRoutes(fastify: FastifyInstance, kit: ServiceRouteKit, cookieSecret: string) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { services, accounts, sharing } = kit;
  const mflLoginFailures = fastify.hasDecorator('createRateLimit')
    ? mflLoginLimit(fastify, knownBrowsers(cookieSecret))
    : undefined;

  app.post(
    '/mfl/login',
    { schema: { body: mflLoginSchema, response: { 200: okSchema } } },
    async (request, reply) => {
      const { username, password, shareDrafts } = request.body;
      await mflLoginFailures?.check(request, reply);
      const value = await fromService('mfl', reply, async () => {
        try {
          return await services.mfl.login(username, password);
        } catch (e) {
          if (isLeagueError(e, 'rejected')) await mflLoginFailures?.record(request);
          throw e;
        }
      });
      mflLoginFailures?.remember(request, reply);
      await kit.keep(
        request,
        reply,
        { service: 'mfl', account: username, label: clip(username, 100), credential: value },
        { [leagueCookies.mfl]: value, [leagueCookies.mflName]: clip(username, 100) },
      );
      await sharing?.choose(request, reply, { share: shareDrafts === true, username });
      return { ok: true as const };
    },
  );

  app.post('/mfl/logout', { schema: { response: { 200: okSchema } } }, async (_request, reply) => {
    kit.clear(reply, leagueCookies.mfl, leagueCookies.mflName);
    return { ok: true as const };
  });

  app.get('/mfl/leagues', { schema: { response: { 200: leaguesSchema } } }, async (request, reply) => {
    const lists = await kit.leaguesOf(request, reply, 'mfl', 'Log in to MFL first.', async (account) => {
      try {
        const year = services.mfl.seasonYear();
        const current = await services.mfl.myLeagues(account.credential, year);
        // Before a league renews for the new season it is only listed under the last one.
        const leagues =
          current.length > 0 ? current : await services.mfl.myLeagues(account.credential, year - 1);
        return leagues.map(
          (l): League => ({
            league_id: clip(l.league_id, 64),
            name: clip(l.name, 200),
            url: clip(l.url, 500),
            type: 'mfl',
            franchise_id: l.franchise_id ? clip(l.franchise_id, 16) : undefined,
          }),
        );
      } catch (e) {
        if (isLeagueError(e, 'not-logged-in'))
          throw await mflSessionEnded(request, accounts, account, () =>
            kit.clear(reply, leagueCookies.mfl, leagueCookies.mflName),
          );
        throw e;
      }
    });
    return lists;
  });

  // Stops sharing the visitor's MFL drafts with Rookie ADP, whether MFL is connected or not (the
  // page offers it beside the MFL connection).
  app.post(
    '/mfl/sharing',
    { schema: { body: mflSharingSchema, response: { 200: mflSharingAnswerSchema } } },
    async (request, reply) => {
      const removed = sharing ? await sharing.stop(request, reply) : { drafts: 0 };
      return { sharesDrafts: false as const, removedDrafts: removed.drafts };
    },
  );
}
