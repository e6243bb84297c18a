/*
 * The spec's position display orders (section 9) and one comparator factory for them: the listed
 * positions first, in the listed order, then any others alphabetically.
 */

// What services write for "none" in a position or team field: 'NA' (Sleeper's and R's missing value),
// 'N/A', dashes, '?'. None of them is a position or a team.
const NONE = /^(?:\?|-+|NA|N\/A|NONE|NULL|UNK|UNKNOWN)?$/i;

/** A position or team code as given, or '' when it is empty or a placeholder that names none. */
export function knownCode(value: string | null | undefined): string {
  const v = (value ?? '').trim();
  return NONE.test(v) ? '' : v;
}

export interface PositionOrder {
  /** The listed positions, in display order. */
  readonly order: readonly string[];
  /** A position's place: its index in the list, or the list's length for any other position. */
  rank(position: string): number;
  /** Sorts positions: listed ones in order, then the others alphabetically. */
  compare(a: string, b: string): number;
  /** The distinct positions the players have, in display order. */
  positionsOf(players: readonly { position: string }[]): string[];
}

export function positionOrder(order: readonly string[]): PositionOrder {
  const rank = (position: string) => {
    const i = order.indexOf(position);
    return i < 0 ? order.length : i;
  };
  const compare = (a: string, b: string) => rank(a) - rank(b) || a.localeCompare(b);
  return {
    order,
    rank,
    compare,
    positionsOf: (players) => [...new Set(players.map((p) => p.position))].sort(compare),
  };
}

/** Lineup (and the profiles filter): QB, RB, WR, TE, then others. */
export const lineupPositions = positionOrder(['QB', 'RB', 'WR', 'TE']);

/** Rostership: QB, RB, WR, TE, DE, DT, LB, S, PK, PN, then others. */
export const rostershipPositions = positionOrder(['QB', 'RB', 'WR', 'TE', 'DE', 'DT', 'LB', 'S', 'PK', 'PN']);

/** Rookie ADP: QB, RB, WR, TE, DE, DT, LB, CB, S, PK, PN, then others. */
export const rookieAdpPositions = positionOrder([
  'QB',
  'RB',
  'WR',
  'TE',
  'DE',
  'DT',
  'LB',
  'CB',
  'S',
  'PK',
  'PN',
]);
