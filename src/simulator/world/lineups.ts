/** Choosing and checking starting lineups: MFL's ranged groups and the slot lists of Sleeper and Fleaflicker. */
import type { MflGroup, Slot } from './formats.ts';
import type { Player } from './players.ts';

/** The best lineup under MFL limits: each group's minimum first, then the best of the rest up to the count. */
export function bestGroupLineup(
  roster: Player[],
  groups: MflGroup[],
  count: number,
  value: (p: Player) => number,
): Player[] {
  const groupOf = (p: Player) => groups.findIndex((g) => g.positions.includes(p.position));
  const sorted = roster.filter((p) => groupOf(p) >= 0).sort((a, b) => value(b) - value(a) || a.idx - b.idx);
  const chosen = new Set<Player>();
  const used = groups.map(() => 0);
  groups.forEach((g, gi) => {
    for (const p of sorted) {
      if (used[gi] >= g.min) break;
      if (groupOf(p) === gi) {
        chosen.add(p);
        used[gi]++;
      }
    }
  });
  for (const p of sorted) {
    if (chosen.size >= count) break;
    const gi = groupOf(p);
    if (!chosen.has(p) && used[gi] < groups[gi].max) {
      chosen.add(p);
      used[gi]++;
    }
  }
  return sorted.filter((p) => chosen.has(p));
}

/** The best lineup for a slot list; the answer follows the slots' order, undefined for a slot left empty. */
export function bestSlotLineup(
  roster: Player[],
  slots: Slot[],
  value: (p: Player) => number,
): (Player | undefined)[] {
  const sorted = [...roster].sort((a, b) => value(b) - value(a) || a.idx - b.idx);
  const taken = new Set<Player>();
  const out: (Player | undefined)[] = slots.map(() => undefined);
  // Narrow slots first so a flex slot never takes the only player a fixed slot could use.
  const order = slots
    .map((s, i) => ({ s, i }))
    .sort((a, b) => a.s.eligible.length - b.s.eligible.length || a.i - b.i);
  for (const { s, i } of order) {
    const p = sorted.find((x) => !taken.has(x) && s.eligible.includes(x.position));
    if (p) {
      taken.add(p);
      out[i] = p;
    }
  }
  return out;
}

/**
 * A lineup as a careless manager leaves it: the kicker slot empty, or the best injured player on the
 * roster started in the first slot he fits (nothing changes when an injured player already starts).
 */
export function keepHabit(
  lineup: (Player | undefined)[],
  slots: Slot[],
  roster: Player[],
  habit: 'empty-kicker' | 'injured-starter',
  injured: (p: Player) => boolean,
): (Player | undefined)[] {
  if (habit === 'empty-kicker')
    return lineup.map((p, i) =>
      slots[i].eligible.length === 1 && slots[i].eligible[0] === 'PK' ? undefined : p,
    );
  if (lineup.some((p) => p && injured(p))) return lineup;
  const starting = new Set(lineup);
  const hurt = roster
    .filter((p) => !starting.has(p) && injured(p) && slots.some((s) => s.eligible.includes(p.position)))
    .sort((a, b) => b.mean - a.mean || a.idx - b.idx)[0];
  if (!hurt) return lineup;
  const at = slots.findIndex((s) => s.eligible.includes(hurt.position));
  return lineup.map((p, i) => (i === at ? hurt : p));
}

export type LineupProblem =
  | { kind: 'not-on-roster'; id: string }
  | { kind: 'position-not-used'; player: Player }
  | { kind: 'too-many-starters'; count: number; max: number }
  | { kind: 'too-many'; group: MflGroup; count: number }
  | { kind: 'too-few'; group: MflGroup; count: number }
  | { kind: 'locked'; player: Player; starting: boolean };

/**
 * Checks a submitted MFL lineup. Fewer starters than the count is accepted (MFL saves partial lineups),
 * but every group must be within its limits.
 */
export function checkGroupLineup(opts: {
  starters: Player[];
  groups: MflGroup[];
  count: number;
  current: Player[];
  locked: (p: Player) => boolean;
}): LineupProblem | undefined {
  const { starters, groups, count, current, locked } = opts;
  for (const p of starters) {
    if (!groups.some((g) => g.positions.includes(p.position)))
      return { kind: 'position-not-used', player: p };
  }
  if (starters.length > count) return { kind: 'too-many-starters', count: starters.length, max: count };
  for (const g of groups) {
    const n = starters.filter((p) => g.positions.includes(p.position)).length;
    if (n > g.max) return { kind: 'too-many', group: g, count: n };
    if (n < g.min) return { kind: 'too-few', group: g, count: n };
  }
  const now = new Set(starters);
  const before = new Set(current);
  for (const p of starters)
    if (!before.has(p) && locked(p)) return { kind: 'locked', player: p, starting: true };
  for (const p of current)
    if (!now.has(p) && locked(p)) return { kind: 'locked', player: p, starting: false };
  return undefined;
}
