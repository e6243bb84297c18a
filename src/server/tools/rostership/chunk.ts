import type { FastifyBaseLogger } from 'fastify';
import { type ExtraKind, sortExtras } from '#common/extras.ts';
import type { LeagueType } from '#common/leagues.ts';
import type { RostershipAnswer, RostershipLeagueLine, RostershipPlayer } from '#common/rostership.ts';
import { chunkAnswerOf, injuryOf, mergePlayers } from '#common/rostership-rows.ts';
import { HttpError } from '#server/http/errors.ts';
import { LEAGUE_DEADLINE_MS, leagueFailureMessage } from '#server/tools/shared/deadline.ts';
import { eachLeague } from '#server/tools/shared/each-league.ts';
import type { TeamContext, TeamEntry, TeamRead } from './teams.ts';

/*
 * One chunk of Rostership: each league read at once under its own deadline, each league's answer
 * (its line) made the moment it is read or has failed, and the chunk's answer merged from the lines.
 * The route sends the lines as they come (streamed) or the merged answer (JSON): one reading, one
 * merge (chunkAnswerOf in #common, which the page and the tests use too).
 */

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
  const { id, name, position, team, draftYear, mfl_id, sleeper_id, flea_id, espn_id } = entry.player;
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
    espn_id,
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
  return eachLeague(
    {
      refs: chunk.refs,
      read: (ref) => chunk.readTeam(context, ref),
      lineOf: (ref, read) => readLeagueLine(type, ref.league_id, read, context.complete),
      failed: (ref, reason) => failedLeagueLine(type, ref.league_id, reason, log),
      deadlineMs,
    },
    onLeague,
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
