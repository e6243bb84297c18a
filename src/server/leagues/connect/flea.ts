import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fleaConnectSchema, type League, leagueCookies } from '#common/leagues.ts';
import { HttpError } from '#server/http/errors.ts';
import { maskEmail } from '../visitor-accounts.ts';
import { clip, fromService, leaguesSchema, okSchema, type ServiceRouteKit } from './kit.ts';

/** Fleaflicker's connect (an e-mail address), log-out, and the visitor's leagues. */
export function fleaRoutes(fastify: FastifyInstance, kit: ServiceRouteKit) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { services } = kit;

  app.post(
    '/flea/connect',
    { schema: { body: fleaConnectSchema, response: { 200: okSchema } } },
    async (request, reply) => {
      const email = request.body.email.toLowerCase();
      const leagues = await fromService('flea', reply, () => services.flea.userLeagues(email));
      if (leagues.length === 0)
        throw new HttpError(404, 'Fleaflicker has no leagues for that e-mail address.');
      await kit.keep(
        request,
        reply,
        { service: 'flea', account: email, label: maskEmail(email), credential: email },
        { [leagueCookies.flea]: email },
      );
      return { ok: true as const };
    },
  );

  app.post('/flea/logout', { schema: { response: { 200: okSchema } } }, async (_request, reply) => {
    kit.clear(reply, leagueCookies.flea);
    return { ok: true as const };
  });

  app.get('/flea/leagues', { schema: { response: { 200: leaguesSchema } } }, async (request, reply) => {
    const lists = await kit.leaguesOf(
      request,
      reply,
      'flea',
      'Connect your Fleaflicker account first.',
      async (account) =>
        (await services.flea.userLeagues(account.credential)).map(
          (l): League => ({
            league_id: String(l.id),
            name: clip(l.name, 200),
            url: `https://www.fleaflicker.com/nfl/leagues/${l.id}`,
            type: 'flea',
            team_id: l.ownedTeam ? String(l.ownedTeam.id) : undefined,
          }),
        ),
    );
    return lists;
  });
}
