import type { MflClient } from '#server/leagues/mfl/client.ts';
import type { MflLeagueRef } from '#server/leagues/mfl/session.ts';

/** The franchise's starters for the week: live scoring, or the week's results if it has no row. */
export async function readStarters(
  mfl: MflClient,
  league: MflLeagueRef & { franchise_id: string },
  week: number,
  cookie: string,
): Promise<{ starters: Set<string>; live: Awaited<ReturnType<MflClient['liveScoring']>> }> {
  const live = await mfl.liveScoring(league, week, { cookie });
  const mine = live.franchises.find((f) => f.id === league.franchise_id);
  if (mine) {
    return { starters: new Set(mine.players.filter((p) => p.status === 'starter').map((p) => p.id)), live };
  }
  const results = await mfl.weeklyResults(league, week, { cookie });
  const row = results.franchises.find((f) => f.id === league.franchise_id);
  return { starters: new Set(row?.starters ?? []), live };
}
