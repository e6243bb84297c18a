import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import pLimit from 'p-limit';
import { type ExtraKind, sortExtras } from '#common/extras.ts';
import type { LeagueType } from '#common/leagues.ts';
import {
  BEST_POSITIONS,
  bestByPosition,
  compareFreeAgents,
  FREE_LISTED,
  firstKickoff,
  type MyWeekFreeAgent,
  type MyWeekLeagueLine,
  myWeekAnswerSchema,
  myWeekLeagueLineSchema,
  myWeekRequestSchemas,
  problemsOf,
} from '#common/my-week.ts';
import { ROSTERSHIP_STREAM_TYPE } from '#common/rostership.ts';
import type { AppDeps } from '#server/deps.ts';
import { HttpError } from '#server/http/errors.ts';
import { endedBy, visitorGone } from '#server/leagues/call-context.ts';
import { type VisitorAccount, visitorAccount } from '#server/leagues/visitor-accounts.ts';
import {
  leagueFailureMessage,
  STREAM_LEAGUE_DEADLINE_MS,
  withDeadline,
} from '#server/tools/rostership/chunk.ts';
import { identityIndex } from '#server/tools/rostership/identity.ts';
import { toolRateLimit } from '#server/tools/rostership/routes.ts';
import { type AdpOf, adpLookup } from './adp.ts';
import { fleaWeek, type LeagueWeekRead, mflWeek, sleeperWeek, type WeekContext } from './leagues.ts';
import { MFL_PATIENCE_MS, resolveWeek, type WeekSchedule, weekSchedule, within } from './schedule.ts';

/*
 * POST /api/{mfl,sleeper,flea}/my-week: one chunk of the visitor's leagues (at most 5, one service)
 * for one week, each league's line streamed the moment it is read (Accept: application/x-ndjson), or
 * all lines in one JSON answer. Each league is read on its own under the stream's deadline; one that
 * fails says why and costs the others nothing.
 */

/** Where a league's lineup is fixed. */
export function fixUrlOf(type: LeagueType, ref: { league_id: string; team_id?: string }): string {
  if (type === 'mfl') return `/tools/lineup/${ref.league_id}`;
  if (type === 'sleeper') return `https://sleeper.com/leagues/${ref.league_id}/team`;
  return `https://www.fleaflicker.com/nfl/leagues/${ref.league_id}/teams/${ref.team_id ?? ''}`;
}

interface WeekFacts {
  week: number | null;
  schedule?: WeekSchedule;
  adpOf: AdpOf;
  now: number;
}

/** The league's free agents with the site's ADP, for "free in most of your leagues" (freeInMost). */
function freeWithAdp(ranked: readonly MyWeekFreeAgent[]) {
  const listed = new Set<string>(BEST_POSITIONS);
  const withAdp = ranked.filter((p) => p.adp !== undefined && listed.has(p.position)).sort(compareFreeAgents);
  return { freeWithAdp: withAdp.map((p) => p.id), topFree: withAdp.slice(0, FREE_LISTED) };
}

/** A league's line from what its service told. */
export function lineOf(
  type: LeagueType,
  ref: { league_id: string; team_id?: string },
  account: string,
  facts: WeekFacts,
  read: LeagueWeekRead,
): MyWeekLeagueLine {
  const { schedule, adpOf } = facts;
  const missing = new Set<ExtraKind>(read.missing);
  if (!schedule) missing.add('byes');
  const ranked = (read.freeAgents ?? []).map((p) => {
    const adp = adpOf(p);
    return adp === undefined ? p : { ...p, ...adp };
  });
  return {
    kind: 'league',
    type,
    league_id: ref.league_id,
    account,
    week: facts.week,
    starters: read.starters.length,
    problems: problemsOf(read.starters, read.emptySlots, schedule?.byes),
    byesKnown: Boolean(schedule),
    kickoff: schedule ? firstKickoff(new Set(read.teams), schedule.kickoffs, facts.now) : null,
    fixUrl: fixUrlOf(type, ref),
    best: bestByPosition(ranked),
    ...freeWithAdp(ranked),
    missing: sortExtras(missing),
  };
}

function failedLine(
  type: LeagueType,
  ref: { league_id: string; team_id?: string },
  account: string,
  week: number | null,
  reason: unknown,
  request: FastifyRequest,
): MyWeekLeagueLine {
  if (!(reason instanceof HttpError)) request.log.error({ err: reason, type }, 'my-week league');
  return {
    kind: 'league',
    type,
    league_id: ref.league_id,
    account,
    week,
    error: leagueFailureMessage(reason),
    starters: 0,
    problems: [],
    byesKnown: false,
    kickoff: null,
    fixUrl: fixUrlOf(type, ref),
    best: [],
    freeWithAdp: [],
    topFree: [],
    missing: [],
  };
}

export async function myWeekRoutes(api: FastifyInstance, deps: AppDeps) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const { services } = deps;

  async function answer<R extends { league_id: string; team_id?: string; account?: string }>(
    request: FastifyRequest,
    reply: FastifyReply,
    type: LeagueType,
    refs: readonly R[],
    askedWeek: number | undefined,
    read: (ctx: WeekContext, ref: R, account: VisitorAccount) => Promise<LeagueWeekRead>,
  ) {
    // Each league is read through the account its reference names (the service's first when it
    // names none): a 401 when the visitor has none of the service, a 404 for another's account.
    const accounts = new Map<R, VisitorAccount>();
    for (const ref of refs) accounts.set(ref, await visitorAccount(request, deps, type, ref.account));
    const [list, week, adpOf] = await Promise.all([
      services.players.peek(),
      resolveWeek(services, askedWeek),
      adpLookup(deps.database.db),
    ]);
    // The schedule is read beside the leagues, not before them: a line waits for it, a league does not.
    const scheduled = week ? weekSchedule(services, week) : Promise.resolve(undefined);
    const ctx: WeekContext = { services, index: list ? identityIndex(list.players) : undefined, week };
    // MFL's leagues of a chunk are read one after another: its pace (a few requests a second) serves
    // them no sooner at once, and a visitor's calls queued beyond a few seconds' wait are refused
    // (fair-queue.ts), which at once would cost the chunks sent beside this one their leagues.
    const turn = pLimit(type === 'mfl' ? 1 : refs.length);
    const readAll = (onLine: (line: MyWeekLeagueLine) => void) =>
      Promise.all(
        refs.map(async (ref) => {
          const account = accounts.get(ref)!;
          const line = await turn(() =>
            withDeadline(read(ctx, ref, account), STREAM_LEAGUE_DEADLINE_MS),
          ).then(
            async (r) => {
              // A league read waits a little for a slow schedule, then goes without byes (and says so).
              const schedule = await within(scheduled, MFL_PATIENCE_MS);
              return lineOf(type, ref, account.label, { week, schedule, adpOf, now: services.mfl.now() }, r);
            },
            (reason: unknown) => failedLine(type, ref, account.label, week, reason, request),
          );
          onLine(line);
          return line;
        }),
      );
    if (!(request.headers.accept ?? '').toLowerCase().includes(ROSTERSHIP_STREAM_TYPE))
      return { leagues: await readAll(() => {}) };
    const body = new PassThrough();
    const write = (line: MyWeekLeagueLine) => {
      if (!body.destroyed) body.write(`${JSON.stringify(myWeekLeagueLineSchema.parse(line))}\n`);
    };
    void endedBy(visitorGone(reply.raw), () => readAll(write))
      .catch((err) => request.log.error({ err, type }, 'my-week stream'))
      .finally(() => body.end());
    reply.header('cache-control', 'no-store').header('x-accel-buffering', 'no');
    return reply.type(`${ROSTERSHIP_STREAM_TYPE}; charset=utf-8`).send(body);
  }

  const response = { 200: myWeekAnswerSchema };

  app.post(
    '/mfl/my-week',
    { schema: { body: myWeekRequestSchemas.mfl, response }, config: toolRateLimit },
    async (request, reply) => {
      const { leagues, week } = request.body;
      return answer(request, reply, 'mfl', leagues, week, (ctx, ref, account) =>
        mflWeek(ctx, ref, account.credential),
      );
    },
  );

  app.post(
    '/sleeper/my-week',
    { schema: { body: myWeekRequestSchemas.sleeper, response }, config: toolRateLimit },
    async (request, reply) => {
      const { leagues, week } = request.body;
      return answer(request, reply, 'sleeper', leagues, week, (ctx, ref, account) =>
        sleeperWeek(ctx, ref, account.credential),
      );
    },
  );

  app.post(
    '/flea/my-week',
    { schema: { body: myWeekRequestSchemas.flea, response }, config: toolRateLimit },
    async (request, reply) => {
      const { leagues, week } = request.body;
      return answer(request, reply, 'flea', leagues, week, (ctx, ref) => fleaWeek(ctx, ref));
    },
  );
}
