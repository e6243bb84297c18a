import type { MyWeekFreeAgent, MyWeekLeagueLine, MyWeekPlayer, MyWeekProblem } from './my-week.ts';
import type { ProblemKind } from './my-week-kinds.ts';

/*
 * My week's constants and rules: the weeks, the problems' kinds and words, the free agents' order.
 * Free of schemas (those are in my-week.ts), so the page that uses them does not load zod with them
 * (decision 039).
 */

export { MY_WEEK_LAST_WEEK, type ProblemKind, problemKinds, problemLabels } from './my-week-kinds.ts';

export const BEST_POSITIONS = ['QB', 'RB', 'WR', 'TE'] as const;
export const BEST_PER_POSITION = 3;
/** Free agents with ADP sent whole per league, best first: the candidates for "free in most". */
export const FREE_LISTED = 40;

// --- Rules ----------------------------------------------------------------------------------------

/** The injury words (as injuryOf in #common/rostership.ts gives them) that make a starter a problem. */
const outWords = new Set(['Out', 'Suspended', 'PUP', 'NFI', 'COVID', 'Inactive']);

/** What a starter's injury word makes of him: a problem kind, or nothing (Questionable plays). */
export function injuryProblem(status: string | undefined): ProblemKind | undefined {
  if (!status) return undefined;
  if (status === 'IR') return 'ir';
  if (status === 'Doubtful') return 'doubtful';
  if (outWords.has(status)) return 'out';
  return undefined;
}

export interface StarterRead {
  player: MyWeekPlayer;
  /** The injury word in one vocabulary (injuryOf). */
  status?: string;
}

/**
 * A lineup's problems: each starter who is out, doubtful or on IR, each starter whose NFL team has no
 * game this week (when byes are known), and each empty starting slot. A starter on IR and on bye is
 * listed once, for his injury. Order: by the league's starting order, empty slots last.
 */
export function problemsOf(
  starters: readonly StarterRead[],
  emptySlots: readonly string[],
  byes: ReadonlySet<string> | undefined,
): MyWeekProblem[] {
  const problems: MyWeekProblem[] = [];
  for (const s of starters) {
    const injury = injuryProblem(s.status);
    if (injury) problems.push({ kind: injury, player: s.player, status: s.status });
    else if (byes?.has(s.player.team)) problems.push({ kind: 'bye', player: s.player });
  }
  for (const slot of emptySlots) problems.push({ kind: 'empty', slot });
  return problems;
}

/**
 * The first game still ahead among the teams' (epoch ms), from the week's kickoffs by team; null
 * when every game of theirs has started or none is known.
 */
export function firstKickoff(
  teams: Iterable<string>,
  kickoffs: ReadonlyMap<string, number>,
  now: number,
): number | null {
  let first: number | null = null;
  for (const team of teams) {
    const at = kickoffs.get(team);
    if (at !== undefined && at > now && (first === null || at < first)) first = at;
  }
  return first;
}

/** A free agent as ranked: his ADP and (MFL) projection, when known. */
export type RankedFreeAgent = MyWeekFreeAgent;

/** Startup ADP ranks before rookie ADP: the two count picks of different drafts and never mix. */
const adpTier = (p: RankedFreeAgent) => (p.adp === undefined ? 2 : p.adpFrom === 'rookie' ? 1 : 0);

/**
 * Best available's order: players with startup ADP first, lower first; then players with only
 * rookie ADP, lower first; then (no ADP) the higher MFL projection; then the service's own order
 * (Sleeper's search rank, Fleaflicker's listing); ties, and everyone else, by name. The fallback is
 * stated on the page (fallbackText).
 */
export function compareFreeAgents(a: RankedFreeAgent, b: RankedFreeAgent): number {
  const tier = adpTier(a) - adpTier(b);
  if (tier !== 0) return tier;
  if (a.adp !== undefined && b.adp !== undefined && a.adp !== b.adp) return a.adp - b.adp;
  const pa = a.projection;
  const pb = b.projection;
  if ((pa !== undefined) !== (pb !== undefined)) return pa !== undefined ? -1 : 1;
  if (pa !== undefined && pb !== undefined && pa !== pb) return pb - pa;
  const ra = a.serviceRank;
  const rb = b.serviceRank;
  if ((ra !== undefined) !== (rb !== undefined)) return ra !== undefined ? -1 : 1;
  if (ra !== undefined && rb !== undefined && ra !== rb) return ra - rb;
  return a.name.localeCompare(b.name);
}

export const fallbackText =
  'Ranked by the site’s startup ADP, then rookie ADP for rookies no startup took; players without ADP follow, by MFL’s projection for the week (MFL leagues), then by the service’s own ranking, then by name.';

/** The best `perPosition` free agents of each listed position, best first within each. */
export function bestByPosition(
  players: readonly RankedFreeAgent[],
  perPosition = BEST_PER_POSITION,
): RankedFreeAgent[] {
  const out: RankedFreeAgent[] = [];
  for (const position of BEST_POSITIONS) {
    const mine = players.filter((p) => p.position === position).sort(compareFreeAgents);
    out.push(...mine.slice(0, perPosition));
  }
  return out;
}

/** One player across the user's leagues. */
export interface FreeAcross {
  player: MyWeekFreeAgent;
  /** Leagues (keys `type:league_id`) where he is a free agent. */
  leagues: string[];
}

type AcrossLine = Pick<MyWeekLeagueLine, 'type' | 'league_id' | 'best' | 'freeWithAdp' | 'topFree'>;

/**
 * Across leagues: of the players with the site's ADP, those free in the most of the user's leagues,
 * most first, then by the ranking above; only players free in at least two. The candidates are each
 * league's best and first FREE_LISTED free agents; their count covers every league they are free in.
 */
export function freeInMost(lines: readonly AcrossLine[]): FreeAcross[] {
  const candidates = new Map<string, MyWeekFreeAgent>();
  for (const line of lines)
    for (const p of [...line.topFree, ...line.best])
      if (p.adp !== undefined && !candidates.has(p.id)) candidates.set(p.id, p);
  const free = lines.map((line) => ({
    key: `${line.type}:${line.league_id}`,
    ids: new Set([...line.freeWithAdp, ...line.best.map((p) => p.id)]),
  }));
  return [...candidates.values()]
    .map((player) => ({ player, leagues: free.filter((l) => l.ids.has(player.id)).map((l) => l.key) }))
    .filter((r) => r.leagues.length >= 2)
    .sort((a, b) => b.leagues.length - a.leagues.length || compareFreeAgents(a.player, b.player));
}
