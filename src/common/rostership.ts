import { z } from 'zod';
import { extraKinds } from './extras.ts';
import { leagueChunkRequests, leagueLineFields } from './league-chunks.ts';
import { leagueTypes } from './league-types.ts';

/** POST /api/{service}/rostership bodies: the service's own league refs, a chunk of them. */
export const rostershipRequestSchemas = leagueChunkRequests();

export const rostershipLeagueSchema = z.object({
  type: z.enum(leagueTypes),
  league_id: z.string(),
  isStarter: z.boolean(),
  /** The label of the saved league account the league was read through (signed-in users). */
  account: z.string().optional(),
});
export type RostershipLeague = z.infer<typeof rostershipLeagueSchema>;

/** A player on the visitor's teams, one identity across the three services. */
export const rostershipPlayerSchema = z.object({
  id: z.string(),
  name: z.string(),
  position: z.string(),
  team: z.string(),
  draftYear: z.number().int().optional(),
  injuryStatus: z.string().optional(),
  isOut: z.boolean(),
  leagues: z.array(rostershipLeagueSchema),
  /** The player's id on each service known for him: rows sharing one are the same player. */
  mfl_id: z.string().optional(),
  sleeper_id: z.string().optional(),
  flea_id: z.string().optional(),
  espn_id: z.string().optional(),
});
export type RostershipPlayer = z.infer<typeof rostershipPlayerSchema>;

/** A league of the chunk that could not be read; the rest of the chunk still answers. */
export const rostershipFailureSchema = z.object({
  type: z.enum(leagueTypes),
  league_id: z.string(),
  error: z.string(),
});
export type RostershipFailure = z.infer<typeof rostershipFailureSchema>;

export const rostershipAnswerSchema = z.object({
  /** Leagues of the chunk that were read. */
  leagues: z.number().int(),
  players: z.array(rostershipPlayerSchema),
  failed: z.array(rostershipFailureSchema),
  /** Extras left out because their call failed (the leagues themselves were read). */
  missing: z.array(z.enum(extraKinds)),
});
export type RostershipAnswer = z.infer<typeof rostershipAnswerSchema>;

/**
 * The streamed form of a chunk's answer (LEAGUE_STREAM_TYPE): one line per league the moment it is
 * read or has failed, in the order they finish, each the answer for that league alone; then one
 * summary line for the chunk.
 */
export const rostershipLeagueLineSchema = rostershipAnswerSchema.extend(leagueLineFields);
export type RostershipLeagueLine = z.infer<typeof rostershipLeagueLineSchema>;

export const rostershipSummaryLineSchema = z.object({
  kind: z.literal('summary'),
  /** Leagues of the chunk that were read, and that failed. */
  leagues: z.number().int(),
  failed: z.number().int(),
  missing: z.array(z.enum(extraKinds)),
});
export type RostershipSummaryLine = z.infer<typeof rostershipSummaryLineSchema>;

export const rostershipLineSchema = z.discriminatedUnion('kind', [
  rostershipLeagueLineSchema,
  rostershipSummaryLineSchema,
]);
export type RostershipLine = z.infer<typeof rostershipLineSchema>;
