import type { FastifyInstance, FastifyRequest } from 'fastify';
import { espnTeamUrl } from '#common/espn.ts';
import { type ExtraKind, sortExtras } from '#common/extras.ts';
import type { LeagueType } from '#common/leagues.ts';
import {
  type MyWeekFreeAgent,
  type MyWeekLeagueLine,
  myWeekAnswerSchema,
  myWeekLeagueLineSchema,
  myWeekRequestSchemas,
} from '#common/my-week.ts';
import {
  BEST_POSITIONS,
  bestByPosition,
  compareFreeAgents,
  FREE_LISTED,
  firstKickoff,
  problemsOf,
} from '#common/my-week-rules.ts';
import type { AdpOf } from '#server/adp-data/player-adp-lookup.ts';
import type { AppDeps } from '#server/deps.ts';
import { HttpError } from '#server/http/errors.ts';
import type { VisitorAccount } from '#server/leagues/visitor-accounts.ts';
import { leagueAccounts } from '#server/tools/shared/accounts.ts';
import { leagueFailureMessage, STREAM_LEAGUE_DEADLINE_MS } from '#server/tools/shared/deadline.ts';
import { eachLeague } from '#server/tools/shared/each-league.ts';
import { identityIndex } from '#server/tools/shared/identity.ts';
import { postToEachService, readerOf, type ServiceReaders } from '#server/tools/shared/service-routes.ts';
import { sendLines, wantsStream } from '#server/tools/shared/stream.ts';
import {
  espnWeek,
  fleaWeek,
  type LeagueWeekRead,
  mflWeek,
  sleeperWeek,
  type WeekContext,
} from './leagues.ts';
import { MFL_PATIENCE_MS, resolveWeek, type WeekSchedule, weekSchedule, within } from './schedule.ts';

/*
 * POST /api/{mfl,sleeper,flea,espn}/my-week: one chunk of the visitor's leagues (at most 5, one service)
 * for one week, each league's line streamed the moment it is read (Accept: application/x-ndjson), or
 * all lines in one JSON answer. Each league is read on its own under the stream's deadline; one that
 * fails says why and costs the others nothing.
 */

/** Where a league's lineup is fixed. */
export function fixUrlOf(type: LeagueType, ref: { league_id: string; team_id?: string }): string {
  if (type === 'mfl') return `/tools/lineup/${ref.league_id}`;
  if (type === 'sleeper') return `https://sleeper.com/leagues/${ref.league_id}/team`;
  if (type === 'espn') return espnTeamUrl(ref.league_id, ref.team_id ?? '');
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
    problems: read.bestBall ? [] : problemsOf(read.starters, read.emptySlots, schedule?.byes),
    byesKnown: Boolean(schedule),
    kickoff: schedule ? firstKickoff(new Set(read.teams), schedule.kickoffs, facts.now) : null,
    fixUrl: fixUrlOf(type, ref),
    ...(read.bestBall ? { bestBall: true as const } : {}),
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

/** How the visitor's week is read in a league of each service. */
const weekReaders: ServiceReaders<[WeekContext, VisitorAccount], Promise<LeagueWeekRead>> = {
  mfl: (ref, ctx, account) => mflWeek(ctx, ref, account.credential),
  sleeper: (ref, ctx, account) => sleeperWeek(ctx, ref, account.credential),
  flea: (ref, ctx) => fleaWeek(ctx, ref),
  espn: (ref, ctx, account) => espnWeek(ctx, ref, account.credential),
};

/** Without the site's ADP (an app built without it), nobody has ADP. */
const noAdp: Promise<AdpOf> = Promise.resolve(() => undefined);

export async function myWeekRoutes(api: FastifyInstance, deps: AppDeps) {
  const { services } = deps;

  postToEachService(
    api,
    'my-week',
    myWeekRequestSchemas,
    { 200: myWeekAnswerSchema },
    async (type, request, reply) => {
      const { leagues: refs, week: askedWeek } = request.body;
      // A 401 when the visitor has none of the service, a 404 for another's account.
      const accounts = await leagueAccounts(request, deps, refs, type);
      const [list, week, adpOf] = await Promise.all([
        services.players.peek(),
        resolveWeek(services, askedWeek),
        deps.playerAdp?.() ?? noAdp,
      ]);
      // The schedule is read beside the leagues, not before them: a line waits for it, a league does not.
      const scheduled = week ? weekSchedule(services, week, type) : Promise.resolve(undefined);
      const ctx: WeekContext = { services, index: list ? identityIndex(list.players) : undefined, week };
      const read = readerOf(weekReaders, type);
      const readAll = (onLine: (line: MyWeekLeagueLine) => void) =>
        eachLeague(
          {
            refs,
            read: (ref) => read(ref, ctx, accounts.get(ref)!),
            lineOf: async (ref, r) => {
              // A league read waits a little for a slow schedule, then goes without byes (and says so).
              const schedule = await within(scheduled, MFL_PATIENCE_MS);
              const facts = { week, schedule, adpOf, now: services.mfl.now() };
              return lineOf(type, ref, accounts.get(ref)!.label, facts, r);
            },
            failed: (ref, reason) => failedLine(type, ref, accounts.get(ref)!.label, week, reason, request),
            deadlineMs: STREAM_LEAGUE_DEADLINE_MS,
            // MFL's leagues of a chunk are read one after another: its pace (a few requests a second)
            // serves them no sooner at once, and a visitor's calls queued beyond a few seconds' wait
            // are refused (fair-queue.ts), which at once would cost the chunks sent beside this one
            // their leagues.
            atOnce: type === 'mfl' ? 1 : undefined,
          },
          onLine,
        );
      if (!wantsStream(request)) return { leagues: await readAll(() => {}) };
      return sendLines(request, reply, myWeekLeagueLineSchema, readAll, 'my-week stream');
    },
  );
}
