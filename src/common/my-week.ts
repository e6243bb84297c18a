import { z } from 'zod';
import { extraKinds } from './extras.ts';
import { leagueChunkRequests, leagueLineFields } from './league-chunks.ts';
import { leagueTypes } from './leagues.ts';

/*
 * My week (/tools/my-week): for one NFL week, every league of the visitor's with its lineup's problems
 * (starters out, doubtful, on IR or on bye; empty starting slots), the kickoff of the first game that
 * can still be changed, and the league's best free agents. One line per league, streamed as each is
 * read (the same NDJSON form as Rostership).
 */

/** The weeks the picker offers. */
export const MY_WEEK_LAST_WEEK = 18;

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

export const problemKinds = ['out', 'doubtful', 'ir', 'bye', 'empty'] as const;
export type ProblemKind = (typeof problemKinds)[number];
export const problemLabels: Record<ProblemKind, string> = {
  out: 'Out',
  doubtful: 'Doubtful',
  ir: 'IR',
  bye: 'Bye',
  empty: 'Empty slot',
};

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
