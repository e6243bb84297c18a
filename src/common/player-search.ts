import type { LeaguePlayer } from '#common/leagues.ts';

export interface SearchablePlayer extends LeaguePlayer {
  /** Lower-case name without accents or punctuation, for matching. */
  key: string;
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[.'’`-]/g, '');

/** Prepares the list once, so each keystroke only compares strings. */
export function searchable(players: readonly LeaguePlayer[]): SearchablePlayer[] {
  return players.map((p) => ({ ...p, key: fold(p.name) }));
}

/**
 * The players whose name holds every typed word (in any order, ignoring case, accents and
 * punctuation); names that start with the first word come first. At most `limit`.
 */
export function searchPlayers(
  players: readonly SearchablePlayer[],
  query: string,
  limit = 50,
): SearchablePlayer[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const starts: SearchablePlayer[] = [];
  const contains: SearchablePlayer[] = [];
  for (const p of players) {
    if (!words.every((w) => p.key.includes(w))) continue;
    const first = p.key.startsWith(words[0]) || p.key.includes(` ${words[0]}`);
    (first ? starts : contains).push(p);
    if (starts.length >= limit) break;
  }
  return [...starts, ...contains].slice(0, limit);
}
