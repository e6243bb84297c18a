/** Average draft position over the world's MFL rookie drafts, filtered as MFL's ADP export filters. */
import type { League } from './league.ts';

export interface AdpFilter {
  /** League size; 0 = all, 16 = 16 or more. */
  fcount: number;
  /** -1 all, 0 non-PPR, 1 PPR. */
  ppr: number;
  /** Which draft kinds: N redraft, K keeper, R rookie-only; empty = all. */
  keeper: string;
  /** -1 all, 0 real only, 1 mock only. */
  mock: number;
  /** Draft start time window, epoch seconds: from inclusive, to exclusive. */
  from: number;
  to: number;
  /** Minimum share (percent) of drafts a player must appear in. */
  cutoff: number;
}

export interface AdpRow {
  player: number;
  rank: number;
  averagePick: number;
  minPick: number;
  maxPick: number;
  draftsSelectedIn: number;
  draftSelPct: number;
}

export interface AdpResult {
  totalDrafts: number;
  totalPicks: number;
  rows: AdpRow[];
}

export function computeAdp(leagues: League[], filter: AdpFilter): AdpResult {
  const drafts = leagues.filter((l) => {
    if (l.service !== 'mfl' || l.draft.picks.length === 0) return false;
    const f = l.format;
    if (filter.fcount && (filter.fcount >= 16 ? f.size < 16 : f.size !== filter.fcount)) return false;
    if (filter.ppr === 0 && f.ppr > 0) return false;
    if (filter.ppr === 1 && f.ppr === 0) return false;
    // Every simulated draft is a real (not mock) rookie-only draft.
    if (filter.keeper && !filter.keeper.includes('R')) return false;
    if (filter.mock === 1) return false;
    const started = l.draft.picks[0].timestamp;
    return started >= filter.from && started < filter.to;
  });
  const byPlayer = new Map<number, number[]>();
  let totalPicks = 0;
  for (const l of drafts) {
    for (const pick of l.draft.picks) {
      totalPicks++;
      if (!byPlayer.has(pick.player)) byPlayer.set(pick.player, []);
      byPlayer.get(pick.player)!.push(pick.overall);
    }
  }
  const rows = [...byPlayer.entries()]
    .map(([player, picks]) => ({
      player,
      averagePick: Math.round((picks.reduce((s, x) => s + x, 0) / picks.length) * 100) / 100,
      minPick: Math.min(...picks),
      maxPick: Math.max(...picks),
      draftsSelectedIn: picks.length,
      // MFL sends the whole percent below (324 of 6227 drafts, 5.2 %, is "5").
      draftSelPct: Math.floor((picks.length / drafts.length) * 100),
      rank: 0,
    }))
    .filter((r) => (r.draftsSelectedIn / drafts.length) * 100 >= filter.cutoff)
    .sort(
      (a, b) =>
        a.averagePick - b.averagePick || b.draftsSelectedIn - a.draftsSelectedIn || a.player - b.player,
    );
  rows.forEach((r, i) => {
    r.rank = i + 1;
  });
  return { totalDrafts: drafts.length, totalPicks, rows };
}
