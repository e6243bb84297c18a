import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type PlayerFind,
  type PlayerList,
  playerFindQuerySchema,
  playerFindSchema,
} from '#common/leagues.ts';
import { type SearchablePlayer, searchable, searchPlayers } from '#common/player-search.ts';
import { fromService } from './connect/kit.ts';
import type { PlayerIdentity } from './players.ts';
import type { LeagueServices } from './services.ts';
import { type VisitorAccountsDeps, visitorAccounts } from './visitor-accounts.ts';

/** Players the site search shows at most. */
const FOUND_PLAYERS = 8;

/** The merged player list (GET /players) and the site search's players (GET /players/find). */
export function playerRoutes(
  fastify: FastifyInstance,
  services: LeagueServices,
  accounts: VisitorAccountsDeps,
  playersAtStart: boolean | undefined,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The list backs a type-ahead: serialised once per list, then sent as is with an ETag. A list
  // that lacks a service's players (`missing`) is kept briefly, as the server keeps it.
  const serialised = new WeakMap<PlayerIdentity[], { body: string; etag: string }>();
  app.get('/players', async (request, reply) => {
    // A visitor connected to Fleaflicker lends a league of theirs to its listing, should it be needed.
    const email = (await visitorAccounts(request, accounts)).find((a) => a.service === 'flea')?.credential;
    const fleaLeague = email
      ? async () => (await services.flea.userLeagues(email))[0]?.id?.toString()
      : undefined;
    const { players, missing } = await fromService('mfl', reply, () =>
      services.players.listing({ fleaLeague }),
    );
    let entry = serialised.get(players);
    if (!entry) {
      const body = JSON.stringify({ players, missing } satisfies PlayerList);
      entry = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
      serialised.set(players, entry);
    }
    reply
      .header('cache-control', `public, max-age=${missing.length > 0 ? 60 : 3600}`)
      .header('etag', entry.etag);
    if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(entry.body);
  });

  // The site search's players: from the list this server already holds, never waiting for a build of
  // it (that costs calls to the three services). Where the server loads the list at its start, a
  // search that finds none held has it loaded again in the background. A term under three letters
  // would match half the league.
  const searchableLists = new WeakMap<PlayerIdentity[], SearchablePlayer[]>();
  app.get(
    '/players/find',
    { schema: { querystring: playerFindQuerySchema, response: { 200: playerFindSchema } } },
    async (request): Promise<PlayerFind> => {
      const players = await services.players.cached();
      if (!players) {
        if (playersAtStart) services.players.warm();
        return { players: [], listed: false, loading: services.players.loading() };
      }
      let list = searchableLists.get(players);
      if (!list) {
        list = searchable(players);
        searchableLists.set(players, list);
      }
      const term = request.query.search.trim();
      const found = term.replace(/\W/g, '').length < 3 ? [] : searchPlayers(list, term, FOUND_PLAYERS);
      return {
        players: found.map(({ key: _key, words: _words, ...player }) => player),
        listed: true,
        loading: false,
      };
    },
  );
}
