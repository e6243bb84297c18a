import { toCsv } from './csv.ts';
import { type ExtraKind, sortExtras } from './extras.ts';
import { leagueKey } from './league-plan.ts';
import { knownCode, rostershipPositions } from './position-order.ts';
import type {
  RostershipAnswer,
  RostershipLeague,
  RostershipLeagueLine,
  RostershipPlayer,
  RostershipSummaryLine,
} from './rostership.ts';

/*
 * Rostership's rules: injuries, merging the leagues' players, the rows, their filters, order and
 * CSV. Free of schemas (those are in rostership.ts, which re-exports these), so the page that uses
 * the rules does not load zod with them (decision 039).
 */

// --- Injuries ------------------------------------------------------------------------------------

const injuryWords: Record<string, string> = {
  q: 'Questionable',
  questionable: 'Questionable',
  d: 'Doubtful',
  doubtful: 'Doubtful',
  p: 'Probable',
  probable: 'Probable',
  o: 'Out',
  out: 'Out',
  ir: 'IR',
  'injured reserve': 'IR',
  'ir-r': 'IR',
  sus: 'Suspended',
  suspended: 'Suspended',
  pup: 'PUP',
  'pup-p': 'PUP',
  'pup-r': 'PUP',
  nfi: 'NFI',
  'nfi-r': 'NFI',
  cov: 'COVID',
  cvp: 'COVID',
  covid: 'COVID',
  na: 'Inactive',
  inactive: 'Inactive',
};
const outStatuses = new Set(['Out', 'IR', 'Suspended', 'PUP', 'NFI', 'COVID', 'Inactive']);

/**
 * One vocabulary for the three services' injury words (MFL "Out", Sleeper "IR", Fleaflicker "Q" or
 * "Injured Reserve"). Out means the player will not play this week.
 */
export function injuryOf(raw: string | null | undefined): { injuryStatus?: string; isOut: boolean } {
  const word = (raw ?? '').trim();
  if (!word) return { isOut: false };
  const known = injuryWords[word.toLowerCase()];
  const injuryStatus = known ?? word;
  return { injuryStatus, isOut: outStatuses.has(injuryStatus) };
}

// --- Positions -----------------------------------------------------------------------------------

/** The draft years the players have, newest first. */
export function draftYearsOf(players: readonly { draftYear?: number }[]): number[] {
  const years = new Set<number>();
  for (const p of players) if (p.draftYear !== undefined) years.add(p.draftYear);
  return [...years].sort((a, b) => b - a);
}

// --- Merging and derived fields ------------------------------------------------------------------

const serviceIdFields = ['mfl_id', 'sleeper_id', 'flea_id', 'espn_id'] as const;

/** The keys a row is known by: its id and each service id. */
const keysOf = (p: RostershipPlayer) => [
  `id:${p.id}`,
  ...serviceIdFields.flatMap((f) => (p[f] ? [`${f}:${p[f]}`] : [])),
];

/** The service ids a row carries. */
const idCount = (p: RostershipPlayer) => serviceIdFields.filter((f) => p[f]).length;

/**
 * Merges players by id, and rows that share a service id (a chunk read while the merged player list
 * was unavailable keys its players by the service's own ids; a later chunk with the list joins
 * them). The row knowing more services keeps its id and name. League lists are joined (a league
 * listed twice counts once); injury news from any service wins over none. Pure: the inputs are
 * not changed.
 */
export function mergePlayers(
  into: readonly RostershipPlayer[],
  more: readonly RostershipPlayer[],
): RostershipPlayer[] {
  const rows: (RostershipPlayer | undefined)[] = [];
  const byKey = new Map<string, number>();
  const join = (had: RostershipPlayer, p: RostershipPlayer): RostershipPlayer => {
    const [main, other] = idCount(p) > idCount(had) ? [p, had] : [had, p];
    return {
      ...main,
      mfl_id: main.mfl_id ?? other.mfl_id,
      sleeper_id: main.sleeper_id ?? other.sleeper_id,
      flea_id: main.flea_id ?? other.flea_id,
      espn_id: main.espn_id ?? other.espn_id,
      draftYear: main.draftYear ?? other.draftYear,
      team: main.team === 'FA' && other.team !== 'FA' ? other.team : main.team,
      injuryStatus: main.injuryStatus ?? other.injuryStatus,
      isOut: main.isOut || other.isOut,
      leagues: dedupeLeagues([...had.leagues, ...p.leagues]),
    };
  };
  const add = (p: RostershipPlayer) => {
    const found = [...new Set(keysOf(p).flatMap((k) => byKey.get(k) ?? []))].sort((a, b) => a - b);
    let row: RostershipPlayer = { ...p, leagues: dedupeLeagues(p.leagues) };
    if (found.length === 0) {
      const at = rows.push(row) - 1;
      for (const k of keysOf(row)) byKey.set(k, at);
      return;
    }
    const [at, ...others] = found;
    for (const i of found) row = join(rows[i]!, row);
    // Rows that turn out to be one player (the new row shared a key with each) become one.
    for (const i of others) {
      for (const k of keysOf(rows[i]!)) byKey.set(k, at);
      rows[i] = undefined;
    }
    rows[at] = row;
    for (const k of keysOf(row)) byKey.set(k, at);
  };
  for (const p of into) add(p);
  for (const p of more) add(p);
  return rows.filter((r): r is RostershipPlayer => r !== undefined);
}

function dedupeLeagues(leagues: readonly RostershipLeague[]): RostershipLeague[] {
  const seen = new Map<string, RostershipLeague>();
  for (const l of leagues) {
    const key = leagueKey(l);
    const had = seen.get(key);
    seen.set(key, had ? { ...had, isStarter: had.isStarter || l.isStarter } : l);
  }
  return [...seen.values()];
}

/**
 * A chunk's answer from its leagues' lines (the streamed form, in any order): their players merged
 * (mergePlayers), the failed leagues, and the extras left out for any league of the chunk. Without
 * the merged player list (`complete` false) the identities are missing too, whichever league was read.
 */
export function chunkAnswerOf(lines: readonly RostershipLeagueLine[], complete = true): RostershipAnswer {
  const missing = new Set<ExtraKind>(complete ? [] : ['identities']);
  for (const line of lines) for (const kind of line.missing) missing.add(kind);
  return {
    leagues: lines.reduce((n, line) => n + line.leagues, 0),
    players: mergePlayers(
      [],
      lines.flatMap((line) => line.players),
    ),
    failed: lines.flatMap((line) => line.failed),
    missing: sortExtras(missing),
  };
}

/** The streamed answer's last line: the chunk's counts and the extras left out. */
export const summaryLineOf = (answer: RostershipAnswer): RostershipSummaryLine => ({
  kind: 'summary',
  leagues: answer.leagues,
  failed: answer.failed.length,
  missing: answer.missing,
});

/** Drops the leagues in `keys` from every player (a league being reloaded), and players left with none. */
export function withoutLeagues(players: readonly RostershipPlayer[], keys: ReadonlySet<string>) {
  const out: RostershipPlayer[] = [];
  for (const p of players) {
    const leagues = p.leagues.filter((l) => !keys.has(leagueKey(l)));
    if (leagues.length === p.leagues.length) out.push(p);
    else if (leagues.length > 0) out.push({ ...p, leagues });
  }
  return out;
}

/**
 * The share of the visitor's leagues a player is rostered in: count / total × 100, rounded to 2
 * decimals; 0 when there are no leagues.
 */
export function rosterRate(count: number, totalLeagues: number): number {
  if (totalLeagues <= 0) return 0;
  // Integer arithmetic first so that e.g. 1/3 gives 33.33, not 33.330000000000005.
  return Math.round((count * 10_000) / totalLeagues) / 100;
}

export interface RostershipRow extends RostershipPlayer {
  count: number;
  rosterRate: number;
  /** Starts in at least one league. */
  isStarter: boolean;
  /** Out and a starter: a lineup hole. */
  isInactiveStarter: boolean;
  /** Carries an injury status and starts somewhere. */
  isAtRiskStarter: boolean;
}

export function deriveRow(p: RostershipPlayer, totalLeagues: number): RostershipRow {
  const count = p.leagues.length;
  const isStarter = p.leagues.some((l) => l.isStarter);
  return {
    ...p,
    // A service's placeholder ('NA', '?') is no position or team: the row shows none rather than it.
    position: knownCode(p.position),
    team: knownCode(p.team),
    count,
    rosterRate: rosterRate(count, totalLeagues),
    isStarter,
    isInactiveStarter: p.isOut && isStarter,
    isAtRiskStarter: Boolean(p.injuryStatus) && isStarter,
  };
}

export const deriveRows = (players: readonly RostershipPlayer[], totalLeagues: number) =>
  players.map((p) => deriveRow(p, totalLeagues));

// --- Filters and sorting -------------------------------------------------------------------------

export interface RostershipFilters {
  /** Positions shown; positions not in the set are hidden. */
  positions: ReadonlySet<string>;
  /** A draft year, or undefined for every year. */
  draftYear?: number;
  /** Case-insensitive substring of the name. */
  name: string;
}

export function filterRows<T extends RostershipPlayer>(rows: readonly T[], f: RostershipFilters): T[] {
  const needle = f.name.trim().toLowerCase();
  return rows.filter(
    (r) =>
      f.positions.has(r.position) &&
      (f.draftYear === undefined || r.draftYear === f.draftYear) &&
      (!needle || r.name.toLowerCase().includes(needle)),
  );
}

/** "LB · NYG": a row's position and team, each only when known; '' when neither is. */
export const positionAndTeam = (r: { position: string; team: string }) =>
  [knownCode(r.position), knownCode(r.team)].filter(Boolean).join(' · ');

export type RostershipSortKey = 'name' | 'position' | 'team' | 'count' | 'rosterRate' | 'flags';

/** The order of one column; ties fall back to count (most first), then name. */
export function compareRows(a: RostershipRow, b: RostershipRow, key: RostershipSortKey): number {
  switch (key) {
    case 'name':
      return a.name.localeCompare(b.name);
    case 'position':
      return rostershipPositions.compare(a.position, b.position);
    case 'team':
      return a.team.localeCompare(b.team);
    case 'count':
      return a.count - b.count;
    case 'rosterRate':
      return a.rosterRate - b.rosterRate;
    case 'flags':
      return flagRank(a) - flagRank(b);
  }
}

const flagRank = (r: RostershipRow) =>
  (r.isInactiveStarter ? 4 : 0) + (r.isAtRiskStarter ? 2 : 0) + (r.injuryStatus ? 1 : 0);

/** Default order: the players in the most leagues first (count descending), then name. */
export function sortRows(rows: readonly RostershipRow[], key: RostershipSortKey = 'count', desc = true) {
  const dir = desc ? -1 : 1;
  return [...rows].sort(
    (a, b) =>
      dir * compareRows(a, b, key) ||
      b.count - a.count ||
      a.name.localeCompare(b.name) ||
      a.id.localeCompare(b.id),
  );
}

// --- Export --------------------------------------------------------------------------------------

/** The rows as CSV (header included), in the order given, written by toCsv. */
export function rowsToCsv(rows: readonly RostershipRow[]): string {
  return toCsv(
    ['Name', 'Position', 'Team', 'Draft year', 'Leagues', 'Rate %', 'Starter in', 'Injury'],
    rows.map((r) => [
      r.name,
      r.position,
      r.team,
      r.draftYear,
      r.count,
      r.rosterRate.toFixed(2),
      r.leagues.filter((l) => l.isStarter).length,
      r.injuryStatus,
    ]),
  );
}
