import { z } from 'zod';
import { type LeagueType, leagueTypes } from './league-types.ts';
import { leagueRefSchemas } from './leagues.ts';

/*
 * How a league tool (Rostership, My week, the Status Checker) asks about the visitor's leagues: a few
 * leagues of one service a request (a chunk), the services' chunks sent side by side, and each
 * league's answer streamed as one line of NDJSON the moment it is read. One plan, one request shape
 * and one stream for every tool; a tool says only what it reads in a league and what its line holds.
 */

/** Leagues per request: a slow league holds back at most four others, and a page sends few requests. */
export const LEAGUE_CHUNK = 5;

/** `mfl:12345`: one league across services. */
export const leagueKey = (l: { type: LeagueType; league_id: string }) => `${l.type}:${l.league_id}`;

/** The streamed answer's media type (`Accept` to ask for it): NDJSON, one line a league. */
export { NDJSON_TYPE as LEAGUE_STREAM_TYPE } from './ndjson.ts';

/** A chunk: up to LEAGUE_CHUNK leagues of one service, sent in one request. */
export interface LeagueChunk<L extends { type: LeagueType }> {
  service: L['type'];
  leagues: L[];
}

/**
 * The order the chunks are sent in: each service's leagues cut into chunks of `size`, and the
 * services taking turns (in the order of leagueTypes), so that with a few requests in flight every
 * service is busy from the start and the slowest does not hold up the others. A service named
 * `first` sends all its chunks before the others take turns: one whose pace sets the page's time
 * (MFL's few requests a second) keeps the first connections and stays busy from the start.
 */
export function planLeagueChunks<L extends { type: LeagueType }>(
  leagues: readonly L[],
  { first, size = LEAGUE_CHUNK }: { first?: LeagueType; size?: number } = {},
): LeagueChunk<L>[] {
  const chunksOf = (service: LeagueType) => {
    const mine = leagues.filter((l) => l.type === service);
    const out: LeagueChunk<L>[] = [];
    for (let i = 0; i < mine.length; i += size) out.push({ service, leagues: mine.slice(i, i + size) });
    return out;
  };
  const queues = leagueTypes.filter((t) => t !== first).map(chunksOf);
  const plan: LeagueChunk<L>[] = first ? chunksOf(first) : [];
  for (let round = 0; queues.some((q) => round < q.length); round++)
    for (const q of queues) if (round < q.length) plan.push(q[round]);
  return plan;
}

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
