/** A board as a version keeps it: the players in rank order. */
export interface BoardEntry {
  playerId: string;
  name: string;
  position: string;
  team: string;
  tier: number;
  note: string;
}

/** A player whose place changed between two boards; from is null for one new to the board. */
export interface Mover {
  playerId: string;
  name: string;
  from: number | null;
  to: number;
}

/** Players who moved or arrived, the largest moves first (arrivals after the moves). */
export function movers(before: readonly BoardEntry[], after: readonly BoardEntry[]): Mover[] {
  const was = new Map(before.map((e, i) => [e.playerId, i + 1]));
  const moved: Mover[] = [];
  after.forEach((e, i) => {
    const from = was.get(e.playerId) ?? null;
    if (from !== i + 1) moved.push({ playerId: e.playerId, name: e.name, from, to: i + 1 });
  });
  const size = (m: Mover) => (m.from === null ? -1 : Math.abs(m.from - m.to));
  return moved.sort((a, b) => size(b) - size(a) || a.to - b.to);
}

const SHOWN_MOVES = 10;

/**
 * What changed from one published board to the next, in sentences for the version history. Moves are
 * counted by how far a player went, not by the shift others get when one is added above them: only
 * players whose order relative to the rest changed are named, the largest moves first.
 */
export function describeChanges(
  before: { title: string; entries: readonly BoardEntry[] } | undefined,
  after: { title: string; entries: readonly BoardEntry[] },
): string[] {
  if (!before) return [`Published with ${after.entries.length} players.`];
  const lines: string[] = [];
  if (before.title !== after.title) lines.push(`Title changed from “${before.title}” to “${after.title}”.`);
  const afterIds = new Set(after.entries.map((e) => e.playerId));
  const beforeIds = new Set(before.entries.map((e) => e.playerId));
  const added = after.entries.flatMap((e, i) => (beforeIds.has(e.playerId) ? [] : [`${e.name} (${i + 1})`]));
  const removed = before.entries.flatMap((e, i) =>
    afterIds.has(e.playerId) ? [] : [`${e.name} (was ${i + 1})`],
  );
  if (added.length) lines.push(`Added ${added.join(', ')}.`);
  if (removed.length) lines.push(`Removed ${removed.join(', ')}.`);
  // Among the players on both boards, those that moved: all but the longest run that kept its order
  // (so a player jumping up three places is one move, not one plus the three he passed).
  const beforeRank = new Map(before.entries.map((e, i) => [e.playerId, i + 1]));
  const afterRank = new Map(after.entries.map((e, i) => [e.playerId, i + 1]));
  const both = after.entries.filter((e) => beforeIds.has(e.playerId));
  const kept = longestRun(both.map((e) => beforeRank.get(e.playerId)!));
  const moves = both
    .filter((_, i) => !kept.has(i))
    .sort(
      (a, b) =>
        Math.abs(beforeRank.get(b.playerId)! - afterRank.get(b.playerId)!) -
        Math.abs(beforeRank.get(a.playerId)! - afterRank.get(a.playerId)!),
    );
  const named = moves
    .slice(0, SHOWN_MOVES)
    .map((e) => `${e.name} ${beforeRank.get(e.playerId)} → ${afterRank.get(e.playerId)}`);
  if (named.length)
    lines.push(
      `Moved ${named.join(', ')}${moves.length > SHOWN_MOVES ? ` and ${moves.length - SHOWN_MOVES} more` : ''}.`,
    );
  const old = new Map(before.entries.map((e) => [e.playerId, e]));
  const changed = (test: (a: BoardEntry, b: BoardEntry) => boolean) =>
    after.entries.filter((e) => {
      const o = old.get(e.playerId);
      return o !== undefined && test(o, e);
    }).length;
  const tiers = changed((a, b) => a.tier !== b.tier);
  const notes = changed((a, b) => a.note !== b.note);
  if (tiers) lines.push(`Tier changed for ${tiers} player${tiers === 1 ? '' : 's'}.`);
  if (notes) lines.push(`Note changed for ${notes} player${notes === 1 ? '' : 's'}.`);
  return lines;
}

/** The indexes of a longest strictly increasing run (not necessarily adjacent) of the values. */
export function longestRun(values: readonly number[]): Set<number> {
  // Patience sorting: tails[k] is the index ending the best run of length k + 1 found so far.
  const tails: number[] = [];
  const prev: number[] = [];
  values.forEach((v, i) => {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (values[tails[mid]] < v) lo = mid + 1;
      else hi = mid;
    }
    prev[i] = lo > 0 ? tails[lo - 1] : -1;
    tails[lo] = i;
  });
  const run = new Set<number>();
  for (let i = tails.at(-1) ?? -1; i >= 0; i = prev[i]) run.add(i);
  return run;
}
