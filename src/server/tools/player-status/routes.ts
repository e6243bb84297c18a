import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { espnLeagueUrl } from '#common/espn.ts';
import { type LeagueType, leagueTypeLabel } from '#common/leagues.ts';
import {
  type LeagueStatus,
  leagueStatusSchema,
  type PlayerStatus,
  playerStatusRequestSchema,
} from '#common/player-status.ts';
import type { AppDeps } from '#server/deps.ts';
import { HttpError, notFound } from '#server/http/errors.ts';
import type { PlayerIdentity } from '#server/leagues/players.ts';
import type { VisitorAccount } from '#server/leagues/visitor-accounts.ts';
import { leagueAccounts } from '#server/tools/shared/accounts.ts';
import { leagueFailureMessage } from '#server/tools/shared/deadline.ts';
import { identityIndex } from '#server/tools/shared/identity.ts';
import { toolRateLimit } from '#server/tools/shared/rate-limit.ts';
import { readerOf, type ServiceReaders } from '#server/tools/shared/service-routes.ts';
import { bareIdentity } from './bare-identity.ts';
import {
  espnPlayerStatus,
  fleaLeagueUrl,
  fleaPlayerStatus,
  mflLeagueUrls,
  mflPlayerStatus,
  sleeperLeagueUrl,
  sleeperPlayerStatus,
} from './leagues.ts';

const idField = { mfl: 'mfl_id', sleeper: 'sleeper_id', flea: 'flea_id', espn: 'espn_id' } as const;

export async function playerStatusRoutes(api: FastifyInstance, deps: AppDeps) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const { services } = deps;
  const apiUrl = deps.config.mflApiUrl;

  // How each service tells the player's status in a league, and the league's own page (built here,
  // so a link never points anywhere the visitor sent us).
  const readers: ServiceReaders<[PlayerIdentity, VisitorAccount], Promise<PlayerStatus>> = {
    mfl: (ref, p, { credential }) => mflPlayerStatus(services, ref, p, credential, apiUrl),
    sleeper: (ref, p, { credential }) => sleeperPlayerStatus(services, ref, p, credential),
    flea: (ref, p) => fleaPlayerStatus(services, ref, p),
    espn: (ref, p, { credential }) => espnPlayerStatus(services, ref, p, credential),
  };
  const pages: ServiceReaders<[], string> = {
    mfl: (ref) => mflLeagueUrls(ref, apiUrl, services.mfl.seasonYear()).home,
    sleeper: (ref) => sleeperLeagueUrl(ref.league_id),
    flea: (ref) => fleaLeagueUrl(ref.league_id),
    espn: (ref) => espnLeagueUrl(ref.league_id),
  };

  app.post(
    '/players/status',
    {
      schema: { body: playerStatusRequestSchema, response: { 200: z.array(leagueStatusSchema) } },
      config: toolRateLimit,
    },
    async (request): Promise<LeagueStatus[]> => {
      const { player: playerId, leagues, known } = request.body;
      // Each league through the account its reference names (the service's first when none).
      const accountOf = await leagueAccounts(request, deps, leagues, (ref) => ref.type);

      // The merged list names the player's id on each service. Without it (or with a partial one)
      // the page's own copy of him does, or at least his id says which service's id it is.
      const list = await services.players.peek();
      const player =
        (list && identityIndex(list.players).byId.get(playerId)) ??
        (known && !list?.complete ? { id: playerId, ...known } : bareIdentity(playerId));
      if (!player || (list?.complete && !player.name)) throw notFound('No such player.');
      const unmatched = (type: LeagueType) =>
        !list?.complete && !player[idField[type]] && !((type === 'flea' || type === 'espn') && player.name);

      // Every league at once; one that fails answers its error in its own row.
      return Promise.all(
        leagues.map(async (ref): Promise<LeagueStatus> => {
          const row = {
            name: ref.name || `${leagueTypeLabel[ref.type]} league ${ref.league_id}`,
            url: readerOf(pages, ref.type)(ref),
            type: ref.type,
            league_id: ref.league_id,
            ...(accountOf.get(ref)?.accountId ? { account: accountOf.get(ref)!.label } : {}),
          };
          try {
            if (unmatched(ref.type))
              throw new HttpError(
                503,
                `This player could not be matched on ${leagueTypeLabel[ref.type]} right now, try again shortly`,
              );
            return {
              ...row,
              playerStatus: await readerOf(readers, ref.type)(ref, player, accountOf.get(ref)!),
            };
          } catch (e) {
            return { ...row, error: leagueFailureMessage(e) };
          }
        }),
      );
    },
  );
}
