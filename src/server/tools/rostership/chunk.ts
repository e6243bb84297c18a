import type { FastifyBaseLogger } from 'fastify';
import { type ExtraKind, sortExtras } from '#common/extras.ts';
import type { LeagueType } from '#common/leagues.ts';
import {
  chunkAnswerOf,
  injuryOf,
  mergePlayers,
  type RostershipAnswer,
  type RostershipLeagueLine,
  type RostershipPlayer,
} from '#common/rostership.ts';
import { HttpError } from '#server/http/errors.ts';
import type { TeamContext, TeamEntry, TeamRead } from './teams.ts';

/*
 * One chunk of Rostership: each league read at once under its own deadline, each league's answer
 * (its line) made the moment it is read or has failed, and the chunk's answer merged from the lines.
 * The route sends the lines as they come (streamed) or the merged answer (JSON): one reading, one
 * merge (chunkAnswerOf in #common, which the page and the tests use too).
 */

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

export function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HttpError(504, slowLeagueMessage)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** What a chunk is read with: the services, the merged player list if had, and whether it is whole. */
export type ChunkContext = TeamContext & { complete: boolean };

/** How one chunk of one service is read. */
export interface ChunkRead<R extends { league_id: string }> {
  type: LeagueType;
  refs: readonly R[];
  context: ChunkContext;
  readTeam: (ctx: TeamContext, ref: R) => Promise<TeamRead>;
  log?: FastifyBaseLogger;
  deadlineMs?: number;
}

/** One row of the visitor's team: a player as Rostership shows him, in this one league. */
function playerRowOf(
  type: LeagueType,
  league_id: string,
  entry: TeamEntry,
  account?: string,
): RostershipPlayer {
  const { id, name, position, team, draftYear, mfl_id, sleeper_id, flea_id } = entry.player;
  return {
    id,
    name,
    position,
    team,
    draftYear,
    ...injuryOf(entry.injury),
    leagues: [{ type, league_id, isStarter: entry.isStarter, ...(account ? { account } : {}) }],
    mfl_id,
    sleeper_id,
    flea_id,
  };
}

/** A league that could not be read, on its own: the rest of the chunk answers without it. */
function failedLeagueLine(
  type: LeagueType,
  league_id: string,
  reason: unknown,
  log?: FastifyBaseLogger,
): RostershipLeagueLine {
  if (!(reason instanceof HttpError)) log?.error({ err: reason, type }, 'rostership league');
  return {
    kind: 'league',
    league_id,
    leagues: 0,
    players: [],
    failed: [{ type, league_id, error: leagueFailureMessage(reason) }],
    missing: [],
  };
}

/** A league read: its players (one row per identity) and the extras its read left out. */
function readLeagueLine(
  type: LeagueType,
  league_id: string,
  read: TeamRead,
  complete: boolean,
): RostershipLeagueLine {
  const missing = new Set<ExtraKind>(complete ? [] : ['identities']);
  for (const kind of read.missing) missing.add(kind);
  return {
    kind: 'league',
    league_id,
    leagues: 1,
    players: mergePlayers(
      [],
      read.entries.map((entry) => playerRowOf(type, league_id, entry, read.account)),
    ),
    failed: [],
    missing: sortExtras(missing),
  };
}

/**
 * Reads each league of the chunk at once and hands each league's line to `onLeague` the moment it
 * is read or has failed. A league that fails, or takes longer than the deadline, is reported on its
 * own, so one bad or slow league never costs the others. Answers the lines in the chunk's order.
 */
export function readLeagues<R extends { league_id: string }>(
  chunk: ChunkRead<R>,
  onLeague: (line: RostershipLeagueLine) => void = () => {},
): Promise<RostershipLeagueLine[]> {
  const { type, context, log, deadlineMs = LEAGUE_DEADLINE_MS } = chunk;
  return Promise.all(
    chunk.refs.map(async (ref) => {
      const line = await withDeadline(chunk.readTeam(context, ref), deadlineMs).then(
        (read) => readLeagueLine(type, ref.league_id, read, context.complete),
        (reason: unknown) => failedLeagueLine(type, ref.league_id, reason, log),
      );
      onLeague(line);
      return line;
    }),
  );
}

/**
 * Reads each league of the chunk at once (see readLeagues) and answers them together, the players
 * merged into one row per identity. Extras that could not be read (for any league of the chunk)
 * are listed in `missing`.
 */
export async function rostershipOf<R extends { league_id: string }>(
  chunk: ChunkRead<R>,
): Promise<RostershipAnswer> {
  return chunkAnswerOf(await readLeagues(chunk), chunk.context.complete);
}
