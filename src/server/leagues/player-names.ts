import { knownCode } from '#common/position-order.ts';

/*
 * The three services spell the same player, team and position differently. These helpers bring
 * them to one vocabulary: names "First Last", standard NFL team abbreviations, MFL's position codes
 * (the ones the tools display: QB RB WR TE PK PN Def DE DT LB CB S).
 */

/** MFL writes "Last, First" (team defenses "Bills, Buffalo"); everyone else writes "First Last". */
export function mflDisplayName(name: string): string {
  const comma = name.indexOf(',');
  if (comma < 0) return name.trim();
  const last = name.slice(0, comma).trim();
  const first = name.slice(comma + 1).trim();
  return first ? `${first} ${last}` : last;
}

const suffixes = new Set(['jr', 'sr', 'ii', 'iii', 'iv', 'v']);

/** For matching only: no accents, case, punctuation or generational suffix ("C.J." = "CJ"). */
export function normaliseName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[.'\u2019`]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((part) => part && !suffixes.has(part))
    .join(' ');
}

/** Team codes that differ from the standard ones (MFL's own, Fleaflicker's JAC, old cities). */
const teamAliases: Record<string, string> = {
  GBP: 'GB',
  JAC: 'JAX',
  KCC: 'KC',
  LVR: 'LV',
  OAK: 'LV',
  NEP: 'NE',
  NOS: 'NO',
  SFO: 'SF',
  TBB: 'TB',
  SDC: 'LAC',
  SD: 'LAC',
  STL: 'LAR',
  LA: 'LAR',
  WSH: 'WAS',
  ARZ: 'ARI',
  BLT: 'BAL',
  CLV: 'CLE',
  HST: 'HOU',
};

/** A standard NFL abbreviation; no team (nothing, or a placeholder such as 'NA') is 'FA'. */
export function normaliseTeam(code: string | null | undefined): string {
  const upper = knownCode(code).toUpperCase();
  if (!upper || upper === 'FA' || upper === 'FA*' || upper === 'NONE') return 'FA';
  return teamAliases[upper] ?? upper;
}

const toMflPosition: Record<string, string> = {
  K: 'PK',
  P: 'PN',
  DEF: 'Def',
  DST: 'Def',
  'D/ST': 'Def',
  D: 'Def',
  FS: 'S',
  SS: 'S',
  EDR: 'DE',
  IL: 'DT',
  NT: 'DT',
  ILB: 'LB',
  OLB: 'LB',
  MLB: 'LB',
  EDGE: 'DE',
};

/**
 * A position in MFL's vocabulary; several (Fleaflicker's "RB/WR") keep the first. Without one (a
 * placeholder such as Sleeper's 'NA' counts as none) the first of `fallbacks` that is one is used
 * (Sleeper's fantasy_positions), else ''.
 */
export function mflPosition(
  position: string | null | undefined,
  fallbacks: readonly (string | null | undefined)[] = [],
): string {
  for (const candidate of [position, ...fallbacks]) {
    const p = knownCode(candidate);
    if (/^d\/st$/i.test(p)) return 'Def';
    const first = knownCode(p.split('/')[0]);
    if (first) return toMflPosition[first.toUpperCase()] ?? first;
  }
  return '';
}

const families: Record<string, string> = {
  QB: 'QB',
  RB: 'RB',
  FB: 'RB',
  WR: 'WR',
  TE: 'TE',
  PK: 'K',
  K: 'K',
  PN: 'P',
  P: 'P',
  DEF: 'DEF',
  DST: 'DEF',
  'D/ST': 'DEF',
  DE: 'DL',
  DT: 'DL',
  DL: 'DL',
  EDR: 'DL',
  EDGE: 'DL',
  IL: 'DL',
  NT: 'DL',
  LB: 'LB',
  ILB: 'LB',
  OLB: 'LB',
  MLB: 'LB',
  CB: 'DB',
  S: 'DB',
  FS: 'DB',
  SS: 'DB',
  DB: 'DB',
};

/**
 * Broad position groups for matching: one service's "DE" is another's "DL" or "EDR". Undefined
 * for positions fantasy leagues do not use (offensive line, long snapper, MFL's team units).
 */
export function positionFamily(position: string | null | undefined): string | undefined {
  const p = (position ?? '').trim().toUpperCase();
  if (p === 'D/ST') return 'DEF';
  return families[p];
}
