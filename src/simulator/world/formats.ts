/** League formats and how each service describes their starting lineups. */
import type { Position } from './players.ts';

export type QbFormat = '1QB' | 'SF' | '2QB';

export interface LeagueFormat {
  size: number;
  qb: QbFormat;
  idp: boolean;
  /** Points per reception: 0, 0.5 or 1. */
  ppr: number;
  bestBall: boolean;
}

/** An MFL starter group: one position or several joined with '+', with a limit "n" or "min-max". */
export interface MflGroup {
  name: string;
  positions: Position[];
  min: number;
  max: number;
}

/** One lineup slot (Sleeper and Fleaflicker list slots rather than ranges). */
export interface Slot {
  /** Sleeper's slot name (QB, FLEX, SUPER_FLEX, IDP_FLEX…). */
  sleeper: string;
  /** Fleaflicker's label (QB, RB/WR/TE, QB/RB/WR/TE…). */
  flea: string;
  eligible: Position[];
}

export function mflGroups(f: LeagueFormat): { count: number; groups: MflGroup[] } {
  const g = (name: string, min: number, max: number): MflGroup => ({
    name,
    positions: name.split('+') as Position[],
    min,
    max,
  });
  const groups: MflGroup[] = [];
  if (f.qb === '1QB') groups.push(g('QB', 1, 1));
  else if (f.qb === 'SF') groups.push(g('QB', 1, 2));
  else groups.push(g('QB', 2, 2));
  groups.push(g('RB', 2, 3), g('WR', f.qb === '2QB' ? 2 : 3, 4), g('TE', 1, 2), g('PK', 1, 1));
  if (f.idp) groups.push(g('DT+DE', 2, 3), g('LB', 2, 4), g('CB+S', 2, 3));
  else groups.push(g('Def', 1, 1));
  const mins = groups.reduce((s, x) => s + x.min, 0);
  return { count: mins + (f.idp ? 2 : 1), groups };
}

export function mflLimit(group: MflGroup): string {
  return group.min === group.max ? String(group.min) : `${group.min}-${group.max}`;
}

const FLEX: Position[] = ['RB', 'WR', 'TE'];
const SUPER_FLEX: Position[] = ['QB', 'RB', 'WR', 'TE'];

export function slots(f: LeagueFormat): Slot[] {
  const s = (sleeper: string, flea: string, eligible: Position[]): Slot => ({ sleeper, flea, eligible });
  const out: Slot[] = [s('QB', 'QB', ['QB'])];
  if (f.qb === '2QB') out.push(s('QB', 'QB', ['QB']));
  out.push(s('RB', 'RB', ['RB']), s('RB', 'RB', ['RB']), s('WR', 'WR', ['WR']), s('WR', 'WR', ['WR']));
  if (f.qb !== '2QB') out.push(s('WR', 'WR', ['WR']));
  out.push(s('TE', 'TE', ['TE']), s('FLEX', 'RB/WR/TE', FLEX));
  if (f.qb === 'SF') out.push(s('SUPER_FLEX', 'QB/RB/WR/TE', SUPER_FLEX));
  out.push(s('K', 'K', ['PK']));
  if (f.idp) {
    out.push(s('DL', 'EDR/IL', ['DE', 'DT']), s('DL', 'EDR/IL', ['DE', 'DT']));
    out.push(s('LB', 'LB', ['LB']), s('LB', 'LB', ['LB']));
    out.push(s('DB', 'DB', ['CB', 'S']), s('DB', 'DB', ['CB', 'S']));
    out.push(s('IDP_FLEX', 'DB/EDR/IL/LB', ['DE', 'DT', 'LB', 'CB', 'S']));
  } else out.push(s('DEF', 'D/ST', ['Def']));
  return out;
}

/** How many of each position a manager keeps at most, so every roster can field a legal lineup. */
export function rosterCaps(f: LeagueFormat): Partial<Record<Position, number>> {
  const caps: Partial<Record<Position, number>> = {
    QB: f.qb === '1QB' ? 3 : 5,
    RB: 8,
    WR: 9,
    TE: 4,
    // Only 32 kickers and defenses exist: big leagues keep one each.
    PK: f.size >= 14 ? 1 : 2,
  };
  if (f.idp) Object.assign(caps, { DE: 3, DT: 3, LB: 4, CB: 3, S: 3 });
  else caps.Def = f.size >= 14 ? 1 : 2;
  return caps;
}

/** Players a manager wants at each position before anything else (starters plus a backup). */
export function rosterNeeds(f: LeagueFormat): Partial<Record<Position, number>> {
  const needs: Partial<Record<Position, number>> = {
    QB: f.qb === '1QB' ? 2 : 3,
    RB: 4,
    WR: 5,
    TE: 2,
    PK: 1,
  };
  if (f.idp) Object.assign(needs, { DE: 2, DT: 2, LB: 3, CB: 2, S: 2 });
  else needs.Def = 1;
  return needs;
}

export function rosterSize(f: LeagueFormat): number {
  return f.idp ? 36 : 26;
}

export function describeFormat(f: LeagueFormat): string {
  const ppr = f.ppr === 1 ? 'PPR' : f.ppr === 0.5 ? 'Half PPR' : 'Standard';
  return [
    `${f.size}-team`,
    f.qb === 'SF' ? 'Superflex' : f.qb,
    f.idp ? 'IDP' : '',
    ppr,
    f.bestBall ? 'Best Ball' : '',
  ]
    .filter(Boolean)
    .join(' ');
}
