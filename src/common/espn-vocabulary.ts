/*
 * ESPN's numeric codes, mapped once into the site's words: lineup slot ids, default position ids,
 * NFL team ids (ESPN's proTeamId) and injury words. The codes are ESPN's own and appear in every
 * answer of its read API (lm-api-reads.fantasy.espn.com/apis/v3/games/ffl). Kept in common so the
 * ESPN client and the league-services simulator read the one table.
 */

/** lineupSlotId → slot name; 20 is the bench, 21 injured reserve, 23 the RB/WR/TE flex. */
export const espnSlotNames: Readonly<Record<number, string>> = {
  0: 'QB',
  1: 'TQB',
  2: 'RB',
  3: 'RB/WR',
  4: 'WR',
  5: 'WR/TE',
  6: 'TE',
  7: 'OP',
  8: 'DT',
  9: 'DE',
  10: 'LB',
  11: 'DL',
  12: 'CB',
  13: 'S',
  14: 'DB',
  15: 'DP',
  16: 'D/ST',
  17: 'K',
  18: 'P',
  19: 'HC',
  20: 'BE',
  21: 'IR',
  23: 'FLEX',
  24: 'ER',
};

export const ESPN_BENCH_SLOT = 20;
export const ESPN_IR_SLOT = 21;

/** defaultPositionId → position as the other services spell it (team defense is "DEF"). */
export const espnPositions: Readonly<Record<number, string>> = {
  1: 'QB',
  2: 'RB',
  3: 'WR',
  4: 'TE',
  5: 'K',
  7: 'P',
  9: 'DT',
  10: 'DE',
  11: 'LB',
  12: 'CB',
  13: 'S',
  14: 'HC',
  16: 'DEF',
};

/** proTeamId → NFL team code as Sleeper spells it; 0 is a free agent (no team). */
export const espnNflTeams: Readonly<Record<number, string>> = {
  1: 'ATL',
  2: 'BUF',
  3: 'CHI',
  4: 'CIN',
  5: 'CLE',
  6: 'DAL',
  7: 'DEN',
  8: 'DET',
  9: 'GB',
  10: 'TEN',
  11: 'IND',
  12: 'KC',
  13: 'LV',
  14: 'LAR',
  15: 'MIA',
  16: 'MIN',
  17: 'NE',
  18: 'NO',
  19: 'NYG',
  20: 'NYJ',
  21: 'PHI',
  22: 'ARI',
  23: 'PIT',
  24: 'LAC',
  25: 'SF',
  26: 'SEA',
  27: 'TB',
  28: 'WAS',
  29: 'CAR',
  30: 'JAX',
  33: 'BAL',
  34: 'HOU',
};

export const espnSlotName = (id: number): string => espnSlotNames[id] ?? `slot ${id}`;
export const espnPosition = (id: number): string | undefined => espnPositions[id];
export const espnNflTeam = (id: number): string | undefined => espnNflTeams[id];

/**
 * ESPN's injury words into the words the other services use, which the site's one injury
 * vocabulary (injuryOf in #common/rostership.ts) reads; ACTIVE and NORMAL mean healthy.
 */
export const espnInjuryWords: Readonly<Record<string, string | undefined>> = {
  ACTIVE: undefined,
  NORMAL: undefined,
  QUESTIONABLE: 'Questionable',
  DOUBTFUL: 'Doubtful',
  OUT: 'Out',
  INJURY_RESERVE: 'IR',
  SUSPENSION: 'Suspended',
  DAY_TO_DAY: 'Questionable',
};

export function espnInjuryWord(raw: string | null | undefined): string | undefined {
  if (!raw) return undefined;
  return raw in espnInjuryWords ? espnInjuryWords[raw] : raw;
}
