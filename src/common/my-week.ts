import { z } from 'zod';
import { extraKinds } from './extras.ts';
import { leagueChunkRequests, leagueLineFields } from './league-chunks.ts';
import { leagueTypes } from './league-types.ts';
import { MY_WEEK_LAST_WEEK, problemKinds } from './my-week-kinds.ts';

/*
 * My week (/tools/my-week): for one NFL week, every league of the visitor's with its lineup's problems
 * (starters out, doubtful, on IR or on bye; empty starting slots), the kickoff of the first game that
 * can still be changed, and the league's best free agents. One line per league, streamed as each is
 * read (the same NDJSON form as Rostership).
 */

const weekSchema = z.coerce.number().int().min(1).max(MY_WEEK_LAST_WEEK).optional();

/** POST /api/{service}/my-week bodies: the service's own league refs, and the week (else the current one). */
export const myWeekRequestSchemas = leagueChunkRequests({ week: weekSchema });

export const myWeekPlayerSchema = z.object({
  id: z.string(),
  name: z.string(),
  position: z.string(),
  team: z.string(),
  mfl_id: z.string().optional(),
  sleeper_id: z.string().optional(),
  flea_id: z.string().optional(),
  espn_id: z.string().optional(),
});
export type MyWeekPlayer = z.infer<typeof myWeekPlayerSchema>;

export const myWeekProblemSchema = z.object({
  kind: z.enum(problemKinds),
  /** The starter (not for an empty slot). */
  player: myWeekPlayerSchema.optional(),
  /** The slot's position, for an empty slot. */
  slot: z.string().optional(),
  /** The service's injury word as shown ("Out", "Suspended", "IR"). */
  status: z.string().optional(),
});
export type MyWeekProblem = z.infer<typeof myWeekProblemSchema>;

export const myWeekFreeAgentSchema = myWeekPlayerSchema.extend({
  /** The site's ADP, when he has one: from startup drafts, else (a rookie no startup took) rookie drafts. */
  adp: z.number().optional(),
  /** Which drafts `adp` comes from. */
  adpFrom: z.enum(['startup', 'rookie']).optional(),
  /** MFL's projected points for the week (MFL leagues only). */
  projection: z.number().optional(),
  /** The service's own order (Sleeper's search rank, Fleaflicker's listing), lower first. */
  serviceRank: z.number().optional(),
});
export type MyWeekFreeAgent = z.infer<typeof myWeekFreeAgentSchema>;

export const myWeekLeagueLineSchema = z.object({
  ...leagueLineFields,
  type: z.enum(leagueTypes),
  /** The connected account the league came from (an MFL user, a Sleeper name, a Fleaflicker email). */
  account: z.string(),
  /** The week read; null when no service could tell the current week. */
  week: z.number().int().nullable(),
  /** Why the league could not be read; the rest is then empty. */
  error: z.string().optional(),
  /** Starters read (filled starting slots). */
  starters: z.number().int(),
  problems: z.array(myWeekProblemSchema),
  /** False when the NFL schedule could not be read: byes are unknown, kickoff too. */
  byesKnown: z.boolean(),
  /** Epoch ms of the first game of the visitor's players that has not started; null when none is left. */
  kickoff: z.number().nullable(),
  /** Where the lineup is fixed: the Lineup tool for MFL, the league's own page elsewhere. */
  fixUrl: z.string(),
  /**
   * A best-ball league (MFL and Sleeper say so): the service sets the lineup from the week's scores,
   * so the line has no problems and nothing to fix. Absent otherwise.
   */
  bestBall: z.literal(true).optional(),
  /** Best free agents of the league, by position, best first (see rankFreeAgents). */
  best: z.array(myWeekFreeAgentSchema),
  /**
   * Every free agent of the league (QB, RB, WR, TE) who has the site's ADP, by id: which leagues a
   * player is free in, for "free in most of your leagues". The first FREE_LISTED of them come whole
   * in `topFree`, for the players that list names.
   */
  freeWithAdp: z.array(z.string()),
  topFree: z.array(myWeekFreeAgentSchema),
  missing: z.array(z.enum(extraKinds)),
});
export type MyWeekLeagueLine = z.infer<typeof myWeekLeagueLineSchema>;

/** The whole answer when the request does not ask for the stream. */
export const myWeekAnswerSchema = z.object({ leagues: z.array(myWeekLeagueLineSchema) });
export type MyWeekAnswer = z.infer<typeof myWeekAnswerSchema>;
