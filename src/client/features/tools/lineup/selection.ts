import { isLocked, type LineupInfo, starterIds } from '#common/lineup.ts';

/*
 * The visitor's edits sit on top of MFL's lineup as the set of chosen starters, so a refresh of
 * live scores never undoes them. A locked player always shows what MFL has: his spot cannot change.
 */

/** MFL's lineup with the visitor's choice of starters applied (null: no edits). */
export function applySelection(
  info: LineupInfo,
  selection: ReadonlySet<string> | null,
  nowMs: number,
): LineupInfo {
  if (!selection) return info;
  const positions: LineupInfo['positions'] = {};
  for (const [key, group] of Object.entries(info.positions)) {
    positions[key] = {
      ...group,
      players: group.players.map((p) => (isLocked(p, nowMs) ? p : { ...p, starter: selection.has(p.id) })),
    };
  }
  return { ...info, positions };
}

/** Whether the shown lineup differs from MFL's. */
export function hasChanges(info: LineupInfo, shown: LineupInfo): boolean {
  const a = new Set(starterIds(info));
  const b = starterIds(shown);
  return a.size !== b.length || b.some((id) => !a.has(id));
}
