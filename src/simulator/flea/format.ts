/**
 * Fleaflicker's JSON: protobuf-style (zero values and empty lists left out), numeric ids, `{value, formatted}`
 * numbers, and its own position codes (K, P, D/ST, EDR for DE, IL for DT).
 */
import type { Slot } from '../world/formats.ts';
import type { League, LeagueTeam } from '../world/league.ts';
import { fullName, type InjuryStatus, injuryAt, type Player, type Position } from '../world/players.ts';
import type { Standing } from '../world/results.ts';
import { teamByCode } from '../world/teams.ts';

const FLEA_POSITION: Partial<Record<Position, string>> = {
  PK: 'K',
  PN: 'P',
  Def: 'D/ST',
  DE: 'EDR',
  DT: 'IL',
};
const COLOR: Record<string, string> = {
  QB: 'DRAFT_BOARD_RED',
  RB: 'DRAFT_BOARD_GREEN',
  WR: 'DRAFT_BOARD_BLUE',
  TE: 'DRAFT_BOARD_YELLOW',
  K: 'DRAFT_BOARD_GRAY',
  P: 'DRAFT_BOARD_GRAY',
};
export const ALL_ELIGIBILITY = [
  'QB',
  'RB',
  'WR',
  'TE',
  'K',
  'P',
  'D/ST',
  'CB',
  'S',
  'EDR',
  'DE',
  'IL',
  'DT',
  'LB',
  'LB',
];

export function fleaPosition(p: Player): string {
  return FLEA_POSITION[p.position] ?? p.position;
}

/** Accepts Fleaflicker's codes and MFL's (PK, Def, DE, DT) in position filters. */
export function positionFromFilter(code: string): string {
  const c = code.toUpperCase();
  return (
    ({ PK: 'K', PN: 'P', DEF: 'D/ST', DST: 'D/ST', DE: 'EDR', DT: 'IL' } as Record<string, string>)[c] ?? c
  );
}

/** Value with its display text; a zero value is left out as protobuf JSON does. */
export function num(value: number, formatted?: string) {
  const text = formatted ?? (Number.isInteger(value) ? String(value) : value.toFixed(2));
  return value === 0 ? { formatted: text } : { value, formatted: text };
}

export function colors(eligibility: string[]): string[] {
  return [...new Set(eligibility.map((e) => COLOR[e] ?? 'DRAFT_BOARD_PURPLE'))];
}

export function displayGroup(p: Player): string {
  switch (p.position) {
    case 'QB':
      return 'PASSER';
    case 'RB':
      return 'RUSHER';
    case 'WR':
    case 'TE':
      return 'RECEIVER';
    case 'PK':
      return 'KICKER';
    case 'PN':
      return 'PUNTER';
    case 'Def':
      return 'TEAM_DEFENSE';
    default:
      return 'DEFENDER';
  }
}

const INJURY: Record<InjuryStatus, { typeAbbreviaition: string; typeFull: string; severity: string }> = {
  Questionable: { typeAbbreviaition: 'Q', typeFull: 'Questionable', severity: 'QUESTIONABLE' },
  // Doubtful's severity was not recorded; OUT is the likelier reading of a player not expected to play.
  Doubtful: { typeAbbreviaition: 'D', typeFull: 'Doubtful', severity: 'OUT' },
  Out: { typeAbbreviaition: 'OUT', typeFull: 'Out', severity: 'OUT' },
  IR: { typeAbbreviaition: 'IR', typeFull: 'Injured Reserve', severity: 'OUT' },
};

export function proTeam(code: string) {
  if (code === 'FA') return { abbreviation: 'FA', location: 'Free', name: 'Agent' };
  const t = teamByCode.get(code)!;
  return { abbreviation: t.flea, location: t.location, name: t.name };
}

export function proPlayer(p: Player, opts: { week: number; byeWeek: number; externalIds: boolean }) {
  const position = fleaPosition(p);
  const isDef = p.position === 'Def';
  const team = proTeam(p.team);
  const out: Record<string, unknown> = {
    id: p.fleaId,
    nameFull: isDef ? `${p.first} ${p.last}` : fullName(p, true),
    nameShort: isDef ? `${p.last} D/ST` : `${p.first[0]}. ${p.suffix ? `${p.last} ${p.suffix}` : p.last}`,
    proTeamAbbreviation: team.abbreviation,
    position,
  };
  if (!isDef) out.headshotUrl = `https://d26bvpybnxg29h.cloudfront.net/nfl/${p.fleaId}.png`;
  if (opts.byeWeek) out.nflByeWeek = opts.byeWeek;
  const injury = injuryAt(p, opts.week);
  if (injury) out.injury = { ...INJURY[injury.status], description: injury.details };
  if (p.rookie) out.isRookie = true;
  out.nameFirst = p.first;
  out.nameLast = p.suffix ? `${p.last} ${p.suffix}` : p.last;
  out.proTeam = team;
  if (opts.externalIds && p.fleaHasSportradar) out.externalIds = [{ id: p.sportradarId }];
  out.positionEligibility = [position];
  return out;
}

/** One row per distinct starting label, with how many start there. */
export function rosterPositions(l: League) {
  const rows: {
    label: string;
    group?: string;
    eligibility?: string[];
    min?: number;
    max?: number;
    start?: number;
    colors?: string[];
  }[] = [];
  const byLabel = new Map<string, { slot: Slot; count: number }>();
  for (const s of l.slots) {
    const e = byLabel.get(s.flea);
    if (e) e.count++;
    else byLabel.set(s.flea, { slot: s, count: 1 });
  }
  for (const [label, { slot, count }] of byLabel) {
    const eligibility = eligibilityOf(slot);
    const single = eligibility.length === 1;
    const row: (typeof rows)[number] = { label, group: 'START', eligibility };
    // Single-position rows carry a minimum and maximum; flex rows only say how many start.
    if (single) {
      row.min = count;
      row.max = label === 'K' || label === 'D/ST' ? 2 : 15;
    }
    row.start = count;
    row.colors = colors(eligibility);
    rows.push(row);
  }
  rows.push({
    label: 'IR',
    group: 'INJURED',
    eligibility: ALL_ELIGIBILITY,
    start: l.irSlots,
    colors: colors(['RB', 'WR', 'TE', 'QB', 'K', 'LB']),
  });
  rows.push({
    label: 'TAXI',
    group: 'TAXI',
    eligibility: ALL_ELIGIBILITY,
    start: l.taxiSlots,
    colors: colors(['RB', 'WR', 'TE', 'QB', 'K', 'LB']),
  });
  rows.push({ label: 'BN', max: benchCount(l) });
  return rows;
}

export function eligibilityOf(slot: Slot): string[] {
  return [...new Set(slot.eligible.map((p) => FLEA_POSITION[p] ?? p))];
}

export function benchCount(l: League): number {
  return Math.max(0, l.rosterSize - l.slots.length);
}

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('')
    .slice(0, 2);
}

function record(wins: number, losses: number, ties: number, rank: number) {
  const games = wins + losses + ties;
  const pct = games ? wins / games : 0;
  const out: Record<string, unknown> = {};
  // Ties are never recorded by Fleaflicker's answers we have; they show only in the formatted record.
  if (wins) out.wins = wins;
  if (losses) out.losses = losses;
  out.winPercentage = num(pct, pct.toFixed(3).replace(/^0/, ''));
  if (rank) out.rank = rank;
  out.formatted = ties ? `${wins}-${losses}-${ties}` : `${wins}-${losses}`;
  return out;
}

export function teamJson(t: LeagueTeam, s: Standing, rank: number, draftPosition: number) {
  const streakValue = (() => {
    const r = s.record;
    if (!r) return 0;
    let n = 0;
    for (let i = r.length - 1; i >= 0 && r[i] === r[r.length - 1]; i--) n++;
    return r[r.length - 1] === 'W' ? n : -n;
  })();
  return {
    id: Number(t.id),
    name: t.name,
    logoUrl: `https://s3.amazonaws.com/fleaflicker/t${t.id}_0_150x150.jpg`,
    recordOverall: record(s.wins, s.losses, s.ties, rank),
    recordPostseason: record(0, 0, 0, rank),
    pointsFor: num(s.pointsFor, s.pointsFor.toLocaleString('en-US', { maximumFractionDigits: 2 })),
    pointsAgainst: num(
      s.pointsAgainst,
      s.pointsAgainst.toLocaleString('en-US', { maximumFractionDigits: 2 }),
    ),
    streak: num(
      streakValue,
      streakValue > 0 ? `W${streakValue}` : streakValue < 0 ? `L${-streakValue}` : '-',
    ),
    waiverAcquisitionBudget: { value: 100.0, formatted: '$100' },
    draftPosition,
    initials: initials(t.name),
  };
}

function rating(positionRank: number): string {
  if (positionRank <= 6) return 'RATING_VERY_GOOD';
  if (positionRank <= 18) return 'RATING_GOOD';
  if (positionRank <= 40) return 'RATING_BAD';
  return 'RATING_VERY_BAD';
}

/** rankFantasy / rankDraft: overall ordinal plus the rank within the player's position. */
export function rankJson(p: Player, overall: number, positionRank: number, season: number) {
  const position = fleaPosition(p);
  return {
    ordinal: overall,
    positions: [
      {
        position: { label: position, group: 'START', eligibility: [position], colors: colors([position]) },
        ordinal: positionRank,
        formatted: String(positionRank),
        rating: rating(positionRank),
      },
    ],
    season,
  };
}
