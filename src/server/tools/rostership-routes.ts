import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type LeagueType, leagueCookies } from '../../common/leagues.ts';
import {
  injuryOf,
  type RostershipAnswer,
  type RostershipFailure,
  type RostershipPlayer,
  rostershipAnswerSchema,
  rostershipRequestSchemas,
} from '../../common/rostership.ts';
import type { AppDeps } from '../app.ts';
import { HttpError, unauthorized } from '../http/errors.ts';
import { identityIndex } from './rostership-identity.ts';
import { fleaTeam, mflTeam, sleeperTeam, type TeamContext, type TeamEntry } from './rostership-teams.ts';

/**
 * Per-address ceiling on the tool routes: a page load sends a dozen chunks, so this only stops a
 * loop from pushing the league services (and our standing with them) around.
 */
export const toolRateLimit = { rateLimit: { max: 300, timeWindow: 60_000 } };

/** The words the visitor sees for a league that failed: the service's own when they are safe to show. */
export function leagueFailureMessage(e: unknown): string {
  return e instanceof HttpError ? e.message : 'This league could not be read, try again';
}

/**
 * Reads each league of the chunk at once. A league that fails is reported on its own, so one bad
 * league never costs the others; the players of the rest are merged into one row per identity.
 */
export async function rostershipOf<R extends { league_id: string }>(
  type: LeagueType,
  refs: readonly R[],
  context: () => Promise<TeamContext>,
  readTeam: (ctx: TeamContext, ref: R) => Promise<TeamEntry[]>,
  log?: FastifyRequest['log'],
): Promise<RostershipAnswer> {
  let ctx: TeamContext;
  try {
    ctx = await context();
  } catch (e) {
    log?.warn({ err: e, type }, 'player directory unavailable for rostership');
    const error = leagueFailureMessage(e);
    return { leagues: 0, players: [], failed: refs.map((r) => ({ type, league_id: r.league_id, error })) };
  }
  const results = await Promise.allSettled(refs.map((ref) => readTeam(ctx, ref)));
  const players = new Map<string, RostershipPlayer>();
  const failed: RostershipFailure[] = [];
  let leagues = 0;
  results.forEach((result, i) => {
    const league_id = refs[i].league_id;
    if (result.status === 'rejected') {
      if (!(result.reason instanceof HttpError))
        log?.error({ err: result.reason, type }, 'rostership league');
      failed.push({ type, league_id, error: leagueFailureMessage(result.reason) });
      return;
    }
    leagues++;
    for (const entry of result.value) {
      const { injuryStatus, isOut } = injuryOf(entry.injury);
      const had = players.get(entry.player.id);
      const league = { type, league_id, isStarter: entry.isStarter };
      if (had) {
        if (!had.leagues.some((l) => l.league_id === league_id)) had.leagues.push(league);
        had.injuryStatus ??= injuryStatus;
        had.isOut ||= isOut;
        continue;
      }
      const { id, name, position, team, draftYear } = entry.player;
      players.set(id, { id, name, position, team, draftYear, injuryStatus, isOut, leagues: [league] });
    }
  });
  return { leagues, players: [...players.values()], failed };
}

export async function rostershipRoutes(api: FastifyInstance, deps: AppDeps) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const { services } = deps;
  const context = async (): Promise<TeamContext> => ({
    services,
    index: identityIndex(await services.players.list()),
  });
  const response = { 200: rostershipAnswerSchema };

  app.post(
    '/mfl/rostership',
    { schema: { body: rostershipRequestSchemas.mfl, response }, config: toolRateLimit },
    async (request) => {
      const cookie = request.cookies[leagueCookies.mfl];
      if (!cookie) throw unauthorized('Log in to MFL first.');
      return rostershipOf(
        'mfl',
        request.body.leagues,
        context,
        (ctx, ref) => mflTeam(ctx, ref, cookie),
        request.log,
      );
    },
  );

  app.post(
    '/sleeper/rostership',
    { schema: { body: rostershipRequestSchemas.sleeper, response }, config: toolRateLimit },
    async (request) => {
      const userId = request.cookies[leagueCookies.sleeperId];
      if (!userId) throw unauthorized('Connect your Sleeper account first.');
      return rostershipOf(
        'sleeper',
        request.body.leagues,
        context,
        (ctx, ref) => sleeperTeam(ctx, ref, userId),
        request.log,
      );
    },
  );

  app.post(
    '/flea/rostership',
    { schema: { body: rostershipRequestSchemas.flea, response }, config: toolRateLimit },
    async (request) => {
      if (!request.cookies[leagueCookies.flea]) throw unauthorized('Connect your Fleaflicker account first.');
      return rostershipOf('flea', request.body.leagues, context, fleaTeam, request.log);
    },
  );
}
