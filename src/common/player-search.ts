import type { LeaguePlayer } from '#common/leagues.ts';

export interface SearchablePlayer extends LeaguePlayer {
  /** Lower-case name without accents or punctuation, for matching. */
  key: string;
  /** The key's words, for the forgiving match. */
  words: string[];
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[.'\u2019`-]/g, '');

/** Prepares the list once, so each keystroke only compares strings. */
export function searchable(players: readonly LeaguePlayer[]): SearchablePlayer[] {
  return players.map((p) => {
    const key = fold(p.name);
    return { ...p, key, words: key.split(' ').filter(Boolean) };
  });
}

/**
 * The players whose name holds every typed word (in any order, ignoring case, accents and
 * punctuation); names that start with the first word come first. Then, while there is room, names
 * that hold every word but for a typo (see `typoCost`), the nearest first. At most `limit`.
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
  const near: { player: SearchablePlayer; cost: number }[] = [];
  // A typo is forgiven only in a word long enough to be told apart from others with one.
  const forgiving = words.some((w) => allowedTypos(w) > 0);
  for (const p of players) {
    if (!words.every((w) => p.key.includes(w))) {
      if (forgiving && starts.length + contains.length < limit) {
        const cost = typoCost(words, p.words);
        if (cost !== undefined) near.push({ player: p, cost });
      }
      continue;
    }
    const first = p.key.startsWith(words[0]) || p.key.includes(` ${words[0]}`);
    (first ? starts : contains).push(p);
    if (starts.length >= limit) break;
  }
  // A stable sort: equally near names keep the list's order.
  near.sort((a, b) => a.cost - b.cost);
  return [...starts, ...contains, ...near.map((n) => n.player)].slice(0, limit);
}

/** Letters a typed word may have wrong: none under four letters, one under eight, else two. */
const allowedTypos = (word: string) => (word.length < 4 ? 0 : word.length < 8 ? 1 : 2);

/**
 * How far a name is from holding every typed word: each word is matched to the name's nearest
 * word, or the start of one (so "wrigt" finds "Wrighton"), counting letters swapped, missing, extra
 * or wrong; undefined when a word is beyond what it may have wrong.
 */
function typoCost(words: readonly string[], nameWords: readonly string[]): number | undefined {
  let total = 0;
  for (const w of words) {
    const allowed = allowedTypos(w);
    let best = allowed + 1;
    for (const n of nameWords) {
      if (best === 0) break;
      if (n.includes(w)) best = 0;
      else if (best > 1 || startsAlike(w, n)) best = Math.min(best, prefixDistance(w, n, best - 1));
    }
    if (best > allowed) return undefined;
    total += best;
  }
  return total;
}

/**
 * Whether `name` can be one edit from `typed` at its start: one of the first two letters is where
 * it was, or where a letter dropped, added or swapped would put it. Most names fail here, which
 * spares them the table below.
 */
const startsAlike = (typed: string, name: string) =>
  typed[0] === name[0] || typed[1] === name[1] || typed[1] === name[0] || typed[0] === name[1];

// Three rows of the table below, kept between calls: the search runs it for every name it forgives.
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/**
 * The fewest edits (a letter added, dropped or changed, or two neighbours swapped) that turn `typed`
 * into `name` or into the start of it; max + 1 as soon as it is sure to be more than max, since most
 * names are far off and are dropped after a letter or two.
 */
export function prefixDistance(typed: string, name: string, max: number): number {
  const m = typed.length;
  const n = name.length;
  if (m - n > max) return max + 1;
  if (rows[0].length <= n) rows = rows.map(() => new Int32Array(n + 1));
  let before = rows[0];
  let previous = rows[1];
  let row = rows[2];
  for (let j = 0; j <= n; j++) previous[j] = j;
  for (let i = 1; i <= m; i++) {
    const a = typed.charCodeAt(i - 1);
    row[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const b = name.charCodeAt(j - 1);
      let d = previous[j - 1] + (a === b ? 0 : 1);
      if (previous[j] + 1 < d) d = previous[j] + 1;
      if (row[j - 1] + 1 < d) d = row[j - 1] + 1;
      if (
        i > 1 &&
        j > 1 &&
        a === name.charCodeAt(j - 2) &&
        typed.charCodeAt(i - 2) === b &&
        before[j - 2] + 1 < d
      )
        d = before[j - 2] + 1;
      row[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    const spare = before;
    before = previous;
    previous = row;
    row = spare;
  }
  // The whole of what was typed against each start of the name: the nearest.
  let best = max + 1;
  for (let j = 0; j <= n; j++) if (previous[j] < best) best = previous[j];
  return best;
}
