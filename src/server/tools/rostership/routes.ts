import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type ExtraKind, sortExtras } from '#common/extras.ts';
import { type LeagueType, leagueCookies } from '#common/leagues.ts';
import {
  injuryOf,
  ROSTERSHIP_STREAM_TYPE,
  type RostershipAnswer,
  type RostershipFailure,
  type RostershipLeagueLine,
  type RostershipLine,
  type RostershipPlayer,
  rostershipAnswerSchema,
  rostershipLineSchema,
  rostershipRequestSchemas,
} from '#common/rostership.ts';
import type { AppDeps } from '#server/deps.ts';
import { HttpError, unauthorized } from '#server/http/errors.ts';
import { endedBy, visitorGone } from '#server/leagues/call-context.ts';
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

/**
 * Streamed, a slow league holds nobody back, so it may take the transport's whole span (a timeout
 * and two retries) before it is reported failed. The 8 s cut cost visitors with many MFL leagues
 * some of them: at MFL's pace their last leagues wait in line longer than that.
 */
export const STREAM_LEAGUE_DEADLINE_MS = 30_000;

export const slowLeagueMessage = 'This league is taking too long to answer, try again';

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HttpError(504, slowLeagueMessage)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

type Context = TeamContext & { complete: boolean };

/**
 * One league's answer from its read: its players (one row per identity), the extras its read left
 * out, or its failure.
 */
function leagueLineOf(
  type: LeagueType,
  league_id: string,
  result: PromiseSettledResult<TeamRead>,
  complete: boolean,
  log?: FastifyRequest['log'],
): RostershipLeagueLine {
  if (result.status === 'rejected') {
    if (!(result.reason instanceof HttpError)) log?.error({ err: result.reason, type }, 'rostership league');
    return {
      kind: 'league',
      league_id,
      leagues: 0,
      players: [],
      failed: [{ type, league_id, error: leagueFailureMessage(result.reason) }],
      missing: [],
    };
  }
  const missing = new Set<ExtraKind>(complete ? [] : ['identities']);
  for (const kind of result.value.missing) missing.add(kind);
  const players = new Map<string, RostershipPlayer>();
  for (const entry of result.value.entries) {
    const { injuryStatus, isOut } = injuryOf(entry.injury);
    const had = players.get(entry.player.id);
    if (had) {
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
      leagues: [{ type, league_id, isStarter: entry.isStarter }],
      mfl_id,
      sleeper_id,
      flea_id,
    });
  }
  return {
    kind: 'league',
    league_id,
    leagues: 1,
    players: [...players.values()],
    failed: [],
    missing: sortExtras(missing),
  };
}

/**
 * Reads each league of the chunk at once and hands each league's answer to `onLeague` the moment
 * it is read or has failed. A league that fails, or takes longer than deadlineMs, is reported on
 * its own, so one bad or slow league never costs the others. Answers the leagues' answers in the
 * chunk's order.
 */
export async function readLeagues<R extends { league_id: string }>(
  type: LeagueType,
  refs: readonly R[],
  context: () => Promise<Context>,
  readTeam: (ctx: TeamContext, ref: R) => Promise<TeamRead>,
  onLeague: (line: RostershipLeagueLine) => void,
  log?: FastifyRequest['log'],
  deadlineMs = LEAGUE_DEADLINE_MS,
): Promise<RostershipLeagueLine[]> {
  const ctx = await context();
  return Promise.all(
    refs.map(async (ref) => {
      const [result] = await Promise.allSettled([withDeadline(readTeam(ctx, ref), deadlineMs)]);
      const line = leagueLineOf(type, ref.league_id, result, ctx.complete, log);
      onLeague(line);
      return line;
    }),
  );
}

/**
 * The chunk's answer from its leagues' answers: the players of the leagues read merged into one
 * row per identity, the failed leagues, and the extras left out for any league of the chunk.
 */
export function chunkAnswerOf(lines: readonly RostershipLeagueLine[], complete: boolean): RostershipAnswer {
  const players = new Map<string, RostershipPlayer>();
  const failed: RostershipFailure[] = [];
  const missing = new Set<ExtraKind>(complete ? [] : ['identities']);
  let leagues = 0;
  for (const line of lines) {
    leagues += line.leagues;
    failed.push(...line.failed);
    for (const kind of line.missing) missing.add(kind);
    for (const p of line.players) {
      const had = players.get(p.id);
      if (!had) {
        players.set(p.id, { ...p, leagues: [...p.leagues] });
        continue;
      }
      for (const league of p.leagues)
        if (!had.leagues.some((l) => l.league_id === league.league_id)) had.leagues.push(league);
      had.injuryStatus ??= p.injuryStatus;
      had.isOut ||= p.isOut;
    }
  }
  return { leagues, players: [...players.values()], failed, missing: sortExtras(missing) };
}

/**
 * Reads each league of the chunk at once (see readLeagues) and answers them together, the players
 * merged into one row per identity. Extras that could not be read (for any league of the chunk)
 * are listed in `missing`.
 */
export async function rostershipOf<R extends { league_id: string }>(
  type: LeagueType,
  refs: readonly R[],
  context: () => Promise<Context>,
  readTeam: (ctx: TeamContext, ref: R) => Promise<TeamRead>,
  log?: FastifyRequest['log'],
  deadlineMs = LEAGUE_DEADLINE_MS,
): Promise<RostershipAnswer> {
  let complete = false;
  const lines = await readLeagues(
    type,
    refs,
    async () => {
      const ctx = await context();
      complete = ctx.complete;
      return ctx;
    },
    readTeam,
    () => {},
    log,
    deadlineMs,
  );
  return chunkAnswerOf(lines, complete);
}

/** Whether the request asks for the streamed answer. */
const wantsStream = (request: FastifyRequest) =>
  (request.headers.accept ?? '').toLowerCase().includes(ROSTERSHIP_STREAM_TYPE);

/**
 * Answers the chunk as the request asks: streamed, one line per league as it lands and then the
 * summary, or as one JSON answer once every league is read or past its deadline.
 */
async function answerChunk<R extends { league_id: string }>(
  request: FastifyRequest,
  reply: FastifyReply,
  type: LeagueType,
  refs: readonly R[],
  context: () => Promise<Context>,
  readTeam: (ctx: TeamContext, ref: R) => Promise<TeamRead>,
) {
  if (!wantsStream(request)) return rostershipOf(type, refs, context, readTeam, request.log);
  const ctx = await context();
  const body = new PassThrough();
  // A visitor who left (the stream is closed) is written nothing more.
  const write = (line: RostershipLine) => {
    if (!body.destroyed) body.write(`${JSON.stringify(rostershipLineSchema.parse(line))}\n`);
  };
  // A visitor who left wants no more answers: the leagues' calls still waiting or in flight end.
  const gone = visitorGone(reply.raw);
  void endedBy(gone, () =>
    readLeagues(type, refs, async () => ctx, readTeam, write, request.log, STREAM_LEAGUE_DEADLINE_MS),
  )
    .then((lines) => {
      const answer = chunkAnswerOf(lines, ctx.complete);
      write({
        kind: 'summary',
        leagues: answer.leagues,
        failed: answer.failed.length,
        missing: answer.missing,
      });
    })
    .catch((err) => request.log.error({ err, type }, 'rostership stream'))
    .finally(() => body.end());
  // No buffering on the way: a proxy that holds the answer back would hold the fast leagues too.
  reply.header('cache-control', 'no-store').header('x-accel-buffering', 'no');
  return reply.type(`${ROSTERSHIP_STREAM_TYPE}; charset=utf-8`).send(body);
}

export async function rostershipRoutes(api: FastifyInstance, deps: AppDeps) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const { services } = deps;
  // The merged list improves the answer but never holds it up: without it, each service's own
  // player data names the players and the page merges them once a later answer has the list.
  const context = async (): Promise<Context> => {
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
    async (request, reply) => {
      const cookie = request.cookies[leagueCookies.mfl];
      if (!cookie) throw unauthorized('Log in to MFL first.');
      return answerChunk(request, reply, 'mfl', request.body.leagues, context, (ctx, ref) =>
        mflTeam(ctx, ref, cookie),
      );
    },
  );

  app.post(
    '/sleeper/rostership',
    { schema: { body: rostershipRequestSchemas.sleeper, response }, config: toolRateLimit },
    async (request, reply) => {
      const userId = request.cookies[leagueCookies.sleeperId];
      if (!userId) throw unauthorized('Connect your Sleeper account first.');
      return answerChunk(request, reply, 'sleeper', request.body.leagues, context, (ctx, ref) =>
        sleeperTeam(ctx, ref, userId),
      );
    },
  );

  app.post(
    '/flea/rostership',
    { schema: { body: rostershipRequestSchemas.flea, response }, config: toolRateLimit },
    async (request, reply) => {
      if (!request.cookies[leagueCookies.flea]) throw unauthorized('Connect your Fleaflicker account first.');
      return answerChunk(request, reply, 'flea', request.body.leagues, context, fleaTeam);
    },
  );
}
