import { type LeagueType, leagueTypes } from './league-types.ts';

/*
 * How a league tool sends the visitor's leagues: a few leagues of one service a request (a chunk),
 * the services' chunks side by side. Free of schemas, so a tool's page that plans its requests does
 * not load zod with it (decision 039); the request and line schemas are in league-chunks.ts.
 */

/** Leagues per request: a slow league holds back at most four others, and a page sends few requests. */
export const LEAGUE_CHUNK = 5;

/** `mfl:12345`: one league across services. */
export const leagueKey = (l: { type: LeagueType; league_id: string }) => `${l.type}:${l.league_id}`;

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
