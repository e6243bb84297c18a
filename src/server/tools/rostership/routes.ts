import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type ExtraKind, sortExtras } from '#common/extras.ts';
import { type LeagueType, leagueCookies } from '#common/leagues.ts';
import {
  injuryOf,
  type RostershipAnswer,
  type RostershipFailure,
  type RostershipPlayer,
  rostershipAnswerSchema,
  rostershipRequestSchemas,
} from '#common/rostership.ts';
import type { AppDeps } from '#server/deps.ts';
import { HttpError, unauthorized } from '#server/http/errors.ts';
import { identityIndex } from './identity.ts';
import { fleaTeam, mflTeam, sleeperTeam, type TeamContext, type TeamRead } from './teams.ts';

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
 * How long one league may take before the chunk answers without it. The service client may retry a
 * slow service twice at 10 s each (~21 s); holding the chunk's other leagues that long left fast
 * leagues waiting on a slow one. Past this the league is reported failed, with the page's Retry.
 */
export const LEAGUE_DEADLINE_MS = 8_000;

export const slowLeagueMessage = 'This league is taking too long to answer, try again';

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HttpError(504, slowLeagueMessage)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Reads each league of the chunk at once. A league that fails, or takes longer than deadlineMs, is
 * reported on its own, so one bad or slow league never costs the others; the players of the rest
 * are merged into one row per identity. Extras that could not be read (for any league of the chunk)
 * are listed in `missing`.
 */
export async function rostershipOf<R extends { league_id: string }>(
  type: LeagueType,
  refs: readonly R[],
  context: () => Promise<TeamContext & { complete: boolean }>,
  readTeam: (ctx: TeamContext, ref: R) => Promise<TeamRead>,
  log?: FastifyRequest['log'],
  deadlineMs = LEAGUE_DEADLINE_MS,
): Promise<RostershipAnswer> {
  const ctx = await context();
  const results = await Promise.allSettled(refs.map((ref) => withDeadline(readTeam(ctx, ref), deadlineMs)));
  const players = new Map<string, RostershipPlayer>();
  const failed: RostershipFailure[] = [];
  const missing = new Set<ExtraKind>(ctx.complete ? [] : ['identities']);
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
    for (const kind of result.value.missing) missing.add(kind);
    for (const entry of result.value.entries) {
      const { injuryStatus, isOut } = injuryOf(entry.injury);
      const had = players.get(entry.player.id);
      const league = { type, league_id, isStarter: entry.isStarter };
      if (had) {
        if (!had.leagues.some((l) => l.league_id === league_id)) had.leagues.push(league);
        had.injuryStatus ??= injuryStatus;
        had.isOut ||= isOut;
        continue;
      }
      const { id, name, position, team, draftYear, mfl_id, sleeper_id, flea_id } = entry.player;
      players.set(id, {
        id,
        name,
        position,
        team,
        draftYear,
        injuryStatus,
        isOut,
        leagues: [league],
        mfl_id,
        sleeper_id,
        flea_id,
      });
    }
  });
  return { leagues, players: [...players.values()], failed, missing: sortExtras(missing) };
}

export async function rostershipRoutes(api: FastifyInstance, deps: AppDeps) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const { services } = deps;
  // The merged list improves the answer but never holds it up: without it, each service's own
  // player data names the players and the page merges them once a later answer has the list.
  const context = async () => {
    const list = await services.players.peek();
    return {
      services,
      index: list ? identityIndex(list.players) : undefined,
      complete: list?.complete ?? false,
    };
  };
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
