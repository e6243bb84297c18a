import { z } from 'zod';
import { LEAGUE_CHUNK } from './league-plan.ts';
import { type LeagueType, leagueTypes } from './league-types.ts';
import { leagueRefSchemas } from './leagues.ts';

/*
 * How a league tool (Rostership, My week, the Status Checker) asks about the visitor's leagues: a few
 * leagues of one service a request (a chunk), the services' chunks sent side by side, and each
 * league's answer streamed as one line of NDJSON the moment it is read. One plan, one request shape
 * and one stream for every tool; a tool says only what it reads in a league and what its line holds.
 */

export { LEAGUE_CHUNK, type LeagueChunk, leagueKey, planLeagueChunks } from './league-plan.ts';
/** The streamed answer's media type (`Accept` to ask for it): NDJSON, one line a league. */
export { NDJSON_TYPE as LEAGUE_STREAM_TYPE } from './ndjson.ts';

/** The leagues of one request: at least one, at most LEAGUE_CHUNK. */
export const chunkLeaguesSchema = <S extends z.ZodType>(ref: S) =>
  z
    .array(ref)
    .min(1, 'Send at least one league.')
    .max(LEAGUE_CHUNK, `Send at most ${LEAGUE_CHUNK} leagues a request.`);

type RefSchemas = typeof leagueRefSchemas;

/** A tool's request bodies, one a service: that service's league refs, with the tool's own fields. */
export type LeagueChunkRequests<E extends z.ZodRawShape> = {
  [T in LeagueType]: z.ZodObject<{ leagues: z.ZodArray<RefSchemas[T]> } & E>;
};

/** POST /api/{service}/{tool} bodies: the service's own league refs (a chunk), and `fields`. */
export function leagueChunkRequests<E extends z.ZodRawShape = Record<never, never>>(
  fields: E = {} as E,
): LeagueChunkRequests<E> {
  return Object.fromEntries(
    leagueTypes.map((type) => [
      type,
      z.object({ leagues: chunkLeaguesSchema(leagueRefSchemas[type]), ...fields }),
    ]),
  ) as LeagueChunkRequests<E>;
}

/** What every league's line of a stream starts with: which league of the chunk it answers. */
export const leagueLineFields = { kind: z.literal('league'), league_id: z.string() };

/** A league reference of service T, as a tool's request sends it. */
export type LeagueRefOf<T extends LeagueType> = z.infer<RefSchemas[T]>;
/** A league reference of any service. */
export type AnyLeagueRef = LeagueRefOf<LeagueType>;
