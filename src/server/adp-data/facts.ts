import type { AdpLeagueType } from '#common/rookie-adp.ts';
import type { FleaRosterPosition } from '#server/leagues/flea/schemas.ts';
import type { MflPositionRules, MflStarterSlot } from '#server/leagues/mfl/schemas.ts';
import type { SleeperLeague } from '#server/leagues/sleeper/schemas.ts';

/*
 * The league facts the ADP filters use, read from each service's settings: size, QB format (1QB,
 * superflex or 2QB, from the starting lineup), IDP (any defensive player starts) and PPR (a catch
 * scores).
 */

export interface LeagueFacts {
  size: number;
  qbFormat: AdpLeagueType;
  idp: boolean;
  ppr: boolean;
}

const IDP_POSITIONS = new Set(['DE', 'DT', 'DL', 'LB', 'CB', 'S', 'DB', 'EDR', 'IL', 'IDP_FLEX']);

/** "1" → [1, 1]; "1-2" → [1, 2] (the upper bound counts). */
export function limitRange(limit: string): [number, number] {
  const m = /^\s*(\d+)\s*(?:-\s*(\d+))?\s*$/.exec(limit);
  if (!m) return [0, 0];
  const min = Number(m[1]);
  return [min, m[2] === undefined ? min : Math.max(min, Number(m[2]))];
}

/** Two QBs must start: 2QB. One must and a second may (a QB range or a slot shared with others): SF. */
function qbFormatOf(required: number, possible: number): AdpLeagueType {
  if (required >= 2) return '2QB';
  if (possible >= 2) return 'SF';
  return '1QB';
}

/** MFL starters: groups like QB "1-2" (superflex), "2" (2QB) or a shared "QB+RB+WR+TE" group. */
export function mflQbFormat(starters: readonly MflStarterSlot[]): AdpLeagueType {
  let required = 0;
  let possible = 0;
  for (const slot of starters) {
    const positions = slot.name.split('+').map((p) => p.trim().toUpperCase());
    if (!positions.includes('QB')) continue;
    const [min, max] = limitRange(slot.limit);
    if (positions.length === 1) required += min;
    possible += max;
  }
  return qbFormatOf(required, possible);
}

/** Fleaflicker's starting slots (group START) that start anyone, with how many each starts. */
function fleaStarting(positions: readonly FleaRosterPosition[]) {
  return positions
    .filter((p) => p.group === 'START' && (p.start ?? 0) > 0)
    .map((p) => ({ start: p.start ?? 0, eligible: (p.eligibility ?? []).map((e) => e.toUpperCase()) }));
}

/** Fleaflicker: QB slots must start a QB; a slot any QB may fill (QB/RB/WR/TE) makes superflex. */
export function fleaQbFormat(positions: readonly FleaRosterPosition[]): AdpLeagueType {
  let required = 0;
  let possible = 0;
  for (const slot of fleaStarting(positions)) {
    if (!slot.eligible.includes('QB')) continue;
    if (slot.eligible.every((e) => e === 'QB')) required += slot.start;
    possible += slot.start;
  }
  return qbFormatOf(required, possible);
}

/** Fleaflicker: a slot that starts a defensive player (CB, S, EDR, IL, LB …) makes the league IDP. */
export function fleaIsIdp(positions: readonly FleaRosterPosition[]): boolean {
  return fleaStarting(positions).some((slot) => slot.eligible.some((e) => IDP_POSITIONS.has(e)));
}

export function mflIsIdp(starters: readonly MflStarterSlot[], idpStarters?: string): boolean {
  if (Number(idpStarters ?? 0) > 0) return true;
  return starters.some(
    (slot) =>
      limitRange(slot.limit)[1] > 0 &&
      slot.name.split('+').some((p) => IDP_POSITIONS.has(p.trim().toUpperCase())),
  );
}

/**
 * Points per catch of one MFL rule: "*1" and "*.5" are per catch, ".5/1" is per one catch; a bare
 * number is a one-off bonus for landing in the range, not points per reception.
 */
export function perCatchPoints(points: string): number {
  const p = points.replace(/\s+/g, '');
  const times = /^\*(-?\d*\.?\d+)$/.exec(p);
  if (times) return Number(times[1]);
  const per = /^(-?\d*\.?\d+)\/(\d*\.?\d+)$/.exec(p);
  if (per && Number(per[2]) > 0) return Number(per[1]) / Number(per[2]);
  return 0;
}

/** PPR: some position scores points for each catch (event CC). */
export function mflIsPpr(rules: readonly MflPositionRules[]): boolean {
  return rules.some((group) =>
    group.rules.some((r) => r.event.trim().toUpperCase() === 'CC' && perCatchPoints(r.points) > 0),
  );
}

/** Sleeper lists one entry per slot: two "QB" slots make 2QB, a "SUPER_FLEX" slot superflex. */
export function sleeperFacts(league: SleeperLeague): LeagueFacts | undefined {
  const slots = (league.roster_positions ?? []).map((p) => p.toUpperCase());
  const size = league.total_rosters ?? league.settings?.num_teams ?? 0;
  if (size <= 0) return undefined;
  const qbs = slots.filter((p) => p === 'QB').length;
  const shared = slots.filter((p) => p === 'SUPER_FLEX').length;
  return {
    size,
    qbFormat: qbFormatOf(qbs, qbs + shared),
    idp: slots.some((p) => IDP_POSITIONS.has(p)),
    ppr: (league.scoring_settings?.rec ?? 0) > 0,
  };
}
