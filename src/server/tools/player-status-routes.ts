import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type LeagueType, leagueCookies, leagueTypeLabel } from '../../common/leagues.ts';
import {
  type LeagueStatus,
  leagueStatusSchema,
  type PlayerStatus,
  playerStatusRequestSchema,
  type StatusLeagueRef,
} from '../../common/player-status.ts';
import type { AppDeps } from '../app.ts';
import { notFound, unauthorized } from '../http/errors.ts';
import type { PlayerIdentity } from '../leagues/players.ts';
import {
  fleaLeagueUrl,
  fleaPlayerStatus,
  mflLeagueUrls,
  mflPlayerStatus,
  sleeperLeagueUrl,
  sleeperPlayerStatus,
} from './player-status-leagues.ts';
import { identityIndex } from './rostership-identity.ts';
import { leagueFailureMessage, toolRateLimit } from './rostership-routes.ts';

const connectFirst: Record<LeagueType, string> = {
  mfl: 'Log in to MFL first.',
  sleeper: 'Connect your Sleeper account first.',
  flea: 'Connect your Fleaflicker account first.',
};

export async function playerStatusRoutes(api: FastifyInstance, deps: AppDeps) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const { services } = deps;
  const apiUrl = deps.config.mflApiUrl;

  /** The league's own page, built here so a link never points anywhere the visitor sent us. */
  const urlOf = (ref: StatusLeagueRef) =>
    ref.type === 'mfl'
      ? mflLeagueUrls(ref, apiUrl, services.mfl.seasonYear()).home
      : ref.type === 'sleeper'
        ? sleeperLeagueUrl(ref.league_id)
        : fleaLeagueUrl(ref.league_id);

  app.post(
    '/players/status',
    {
      schema: { body: playerStatusRequestSchema, response: { 200: z.array(leagueStatusSchema) } },
      config: toolRateLimit,
    },
    async (request): Promise<LeagueStatus[]> => {
      const { player: playerId, leagues } = request.body;
      const cookies = request.cookies;
      const credential: Record<LeagueType, string | undefined> = {
        mfl: cookies[leagueCookies.mfl],
        sleeper: cookies[leagueCookies.sleeperId],
        flea: cookies[leagueCookies.flea],
      };
      for (const ref of leagues) if (!credential[ref.type]) throw unauthorized(connectFirst[ref.type]);

      const index = identityIndex(await services.players.list());
      const player = index.byId.get(playerId);
      if (!player) throw notFound('No such player.');

      const statusIn = (ref: StatusLeagueRef, p: PlayerIdentity): Promise<PlayerStatus> => {
        if (ref.type === 'mfl') return mflPlayerStatus(services, ref, p, credential.mfl!, apiUrl);
        if (ref.type === 'sleeper') return sleeperPlayerStatus(services, ref, p, credential.sleeper!);
        return fleaPlayerStatus(services, ref, p);
      };
      // Every league at once; one that fails answers its error in its own row.
      return Promise.all(
        leagues.map(async (ref): Promise<LeagueStatus> => {
          const row = {
            name: ref.name || `${leagueTypeLabel[ref.type]} league ${ref.league_id}`,
            url: urlOf(ref),
            type: ref.type,
            league_id: ref.league_id,
          };
          try {
            return { ...row, playerStatus: await statusIn(ref, player) };
          } catch (e) {
            return { ...row, error: leagueFailureMessage(e) };
          }
        }),
      );
    },
  );
}
