import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type League, leagueCookies, sleeperConnectSchema } from '#common/leagues.ts';
import { clip, fromService, leaguesSchema, okSchema, type ServiceRouteKit } from './kit.ts';

/** Sleeper's connect (a user name, no password), log-out, and the visitor's leagues. */
export function sleeperRoutes(fastify: FastifyInstance, kit: ServiceRouteKit) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { services } = kit;

  app.post(
    '/sleeper/connect',
    { schema: { body: sleeperConnectSchema, response: { 200: okSchema.extend({ username: z.string() }) } } },
    async (request, reply) => {
      const user = await fromService('sleeper', reply, () => services.sleeper.user(request.body.username));
      const username = user.username || user.display_name || request.body.username;
      await kit.keep(
        request,
        reply,
        { service: 'sleeper', account: user.user_id, label: clip(username, 100), credential: user.user_id },
        { [leagueCookies.sleeperId]: user.user_id, [leagueCookies.sleeperName]: username },
      );
      return { ok: true as const, username };
    },
  );

  app.post('/sleeper/logout', { schema: { response: { 200: okSchema } } }, async (_request, reply) => {
    kit.clear(reply, leagueCookies.sleeperId, leagueCookies.sleeperName);
    return { ok: true as const };
  });

  app.get('/sleeper/leagues', { schema: { response: { 200: leaguesSchema } } }, async (request, reply) => {
    const season = () =>
      services.sleeper
        .state()
        .then((s) => s.league_season || s.season)
        .catch(() => String(new Date().getUTCFullYear()));
    const lists = await kit.leaguesOf(
      request,
      reply,
      'sleeper',
      'Connect your Sleeper account first.',
      async (account) => {
        const leagues = await services.sleeper.userLeagues(account.credential, await season());
        return leagues.map(
          (l): League => ({
            league_id: clip(l.league_id, 64),
            name: clip(l.name, 200),
            url: `https://sleeper.com/leagues/${encodeURIComponent(l.league_id)}`,
            type: 'sleeper',
          }),
        );
      },
    );
    return lists;
  });
}
