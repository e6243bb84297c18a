import type { League, LeagueType } from '#common/leagues.ts';
import { LEAGUE_CHUNK } from '#common/rostership.ts';

export interface Chunk {
  service: LeagueType;
  leagues: League[];
}

const order: LeagueType[] = ['mfl', 'sleeper', 'flea'];

/**
 * Splits the leagues into chunks of 5 per service and interleaves the services (mfl, sleeper,
 * flea, mfl, …), so that with a few requests in flight every service is busy from the start and
 * the slowest one does not hold up the others.
 */
export function planChunks(leagues: readonly League[], size = LEAGUE_CHUNK): Chunk[] {
  const queues = order.map((service) => {
    const mine = leagues.filter((l) => l.type === service);
    const chunks: Chunk[] = [];
    for (let i = 0; i < mine.length; i += size) chunks.push({ service, leagues: mine.slice(i, i + size) });
    return chunks;
  });
  const plan: Chunk[] = [];
  for (let round = 0; queues.some((q) => round < q.length); round++)
    for (const q of queues) if (round < q.length) plan.push(q[round]);
  return plan;
}
