/*
 * Rankings' words and rules without zod, so the public pages import them and stay light (rankings.ts
 * holds the schemas and re-exports this).
 */

export const RANKING_KINDS = ['overall', 'position', 'rookie', 'idp'] as const;
export type RankingKind = (typeof RANKING_KINDS)[number];
export const RANKING_KIND_NAMES: Record<RankingKind, string> = {
  overall: 'Dynasty overall',
  position: 'Dynasty by position',
  rookie: 'Rookie',
  idp: 'IDP',
};

/** The positions a by-position ranking can be of. */
export const RANKING_POSITIONS = ['QB', 'RB', 'WR', 'TE'] as const;
export type RankingPosition = (typeof RANKING_POSITIONS)[number];

export const QB_FORMATS = ['1QB', 'SF'] as const;
export type QbFormat = (typeof QB_FORMATS)[number];

export const RANKING_LIMITS = {
  title: 200,
  description: 1000,
  note: 280,
  /** Players on one board: deeper than any dynasty roster pool, small enough to edit by hand. */
  entries: 600,
  tiers: 50,
} as const;

/** What decides which boards can be compared: the kind (and its position) and the scoring. */
export interface RankingFormat {
  kind: RankingKind;
  position: string;
  qbFormat: QbFormat;
  ppr: boolean;
  tePremium: boolean;
}

/** "Dynasty by position: RB · SF · PPR · TE premium". */
export function formatLabel(f: RankingFormat): string {
  const kind = f.kind === 'position' && f.position ? `${f.position}` : RANKING_KIND_NAMES[f.kind];
  return [
    kind,
    f.qbFormat === 'SF' ? 'Superflex' : '1QB',
    f.ppr ? 'PPR' : 'Standard',
    f.tePremium && 'TE premium',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** A board's player as the rules see it: his id, tier and note, in rank order. */
export interface EntryDraft {
  playerId: string;
  tier: number;
  note: string;
}

/** One problem with a board's players, with the path of the field it is about (`entries/3/tier`). */
export interface EntryProblem {
  field: string;
  message: string;
}

/**
 * What is wrong with a board's order, first problem first: none at all, a player twice, tiers that
 * do not start at 1 or that go back up the list or skip one. Unknown players are the server's to say
 * (it holds the player list).
 */
export function entryProblems(entries: readonly EntryDraft[]): EntryProblem[] {
  if (entries.length === 0) return [{ field: 'entries', message: 'Add at least one player to the ranking.' }];
  if (entries.length > RANKING_LIMITS.entries)
    return [
      {
        field: 'entries',
        message: `A ranking holds at most ${RANKING_LIMITS.entries} players; this one has ${entries.length.toLocaleString('en-US')}.`,
      },
    ];
  const problems: EntryProblem[] = [];
  const seen = new Map<string, number>();
  entries.forEach((e, i) => {
    const before = seen.get(e.playerId);
    if (before !== undefined)
      problems.push({
        field: `entries/${i}/playerId`,
        message: `Rank ${i + 1} is the same player as rank ${before + 1}: each player appears once.`,
      });
    else seen.set(e.playerId, i);
    const previous = i === 0 ? 1 : entries[i - 1].tier;
    if (i === 0 && e.tier !== 1)
      problems.push({ field: `entries/0/tier`, message: 'The first player starts tier 1.' });
    else if (e.tier < previous)
      problems.push({
        field: `entries/${i}/tier`,
        message: `Rank ${i + 1} is in tier ${e.tier}, after tier ${previous}: tiers run down the list in order.`,
      });
    else if (e.tier > previous + 1)
      problems.push({
        field: `entries/${i}/tier`,
        message: `Rank ${i + 1} jumps from tier ${previous} to tier ${e.tier}: tiers go up one at a time.`,
      });
  });
  return problems;
}

/** How far apart a writer and a market put a player: positive when the writer has him higher. */
export function gapWords(writerRank: number, marketRank: number | undefined): string {
  if (marketRank === undefined) return 'Not in the market';
  const gap = marketRank - writerRank;
  if (gap === 0) return 'Level';
  return gap > 0 ? `Writer higher by ${gap}` : `Market higher by ${-gap}`;
}

/** One row of a CSV a board starts from: a player's id or name, and his tier and note if given. */
export interface CsvRankingRow {
  line: number;
  player: string;
  tier?: number;
  note: string;
}

/** Splits CSV text into rows of cells (quoted cells may hold commas, quotes doubled and new lines). */
export function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

const blank = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

/**
 * A board's rows from CSV: a header naming a `player` (or `name`, `id`) column, and optionally
 * `tier` and `note`; without a header, the first column is the player. The file's order is the
 * ranking; a `rank` column is ignored. Problems name their line.
 */
export function parseRankingCsv(text: string): { rows: CsvRankingRow[]; problems: string[] } {
  const table = csvRows(text.replace(/^\uFEFF/, ''));
  const first = table.findIndex((r) => !blank(r));
  if (first < 0) return { rows: [], problems: ['The file has no rows.'] };
  const header = table[first].map((h) => h.trim().toLowerCase());
  const named = (...names: string[]) => header.findIndex((h) => names.includes(h));
  const playerAt = named('player', 'name', 'player name', 'id', 'player id');
  const hasHeader = playerAt >= 0;
  const col = { player: hasHeader ? playerAt : 0, tier: named('tier'), note: named('note', 'notes') };
  const rows: CsvRankingRow[] = [];
  const problems: string[] = [];
  table.forEach((cells, i) => {
    // Line numbers count every line, blank ones too, so they match the file as its writer sees it.
    const line = i + 1;
    if (i < first || (hasHeader && i === first) || blank(cells)) return;
    const player = (cells[col.player] ?? '').trim();
    if (!player) {
      problems.push(`Line ${line} names no player.`);
      return;
    }
    const tierText = col.tier >= 0 ? (cells[col.tier] ?? '').trim() : '';
    const tier = tierText === '' ? undefined : Number(tierText);
    if (tier !== undefined && !(Number.isInteger(tier) && tier >= 1 && tier <= RANKING_LIMITS.tiers)) {
      problems.push(
        `Line ${line}: the tier “${tierText}” is not a whole number from 1 to ${RANKING_LIMITS.tiers}.`,
      );
      return;
    }
    rows.push({ line, player, tier, note: col.note >= 0 ? (cells[col.note] ?? '').trim() : '' });
  });
  return { rows, problems };
}

/** Fills missing tiers from the row above (the first row is tier 1). */
export function carryTiers<T extends { tier?: number }>(rows: readonly T[]): (T & { tier: number })[] {
  let tier = 1;
  return rows.map((r) => {
    tier = r.tier ?? tier;
    return { ...r, tier };
  });
}
