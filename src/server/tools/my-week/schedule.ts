import type { LeagueType } from '#common/leagues.ts';
import { espnNflTeam } from '#server/leagues/espn/vocabulary.ts';
import { normaliseTeam } from '#server/leagues/player-names.ts';
import type { LeagueServices } from '#server/leagues/services.ts';

/*
 * The week's NFL games for My week: byes and kickoffs come from MFL's public nflSchedule (cached by
 * the MFL client); Sleeper's API has no schedule; ESPN's leagues read ESPN's pro schedule. When it
 * cannot be read, byes are unknown and the rest of the page stands.
 */

/** The 32 NFL teams, standard abbreviations (normaliseTeam's). */
export const NFL_TEAMS = [
  'ARI',
  'ATL',
  'BAL',
  'BUF',
  'CAR',
  'CHI',
  'CIN',
  'CLE',
  'DAL',
  'DEN',
  'DET',
  'GB',
  'HOU',
  'IND',
  'JAX',
  'KC',
  'LAC',
  'LAR',
  'LV',
  'MIA',
  'MIN',
  'NE',
  'NO',
  'NYG',
  'NYJ',
  'PHI',
  'PIT',
  'SEA',
  'SF',
  'TB',
  'TEN',
  'WAS',
] as const;

export interface WeekSchedule {
  week: number;
  /** Teams without a game this week. */
  byes: Set<string>;
  /** Each playing team's kickoff, epoch ms. */
  kickoffs: Map<string, number>;
}

/**
 * How long MFL's answers (the current week, the week's schedule) are waited for before a league of
 * another service goes on without them: MFL slow must not hold Sleeper's and Fleaflicker's leagues.
 */
export const MFL_PATIENCE_MS = 2_000;

/** The promise's value, or undefined once `ms` have passed. */
export function within<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * The week asked, or the current NFL week: MFL's, else (MFL failing, or slower than `patienceMs`)
 * Sleeper's state, else MFL's late answer, else null (week 1 before the season).
 */
export async function resolveWeek(
  services: LeagueServices,
  asked?: number,
  patienceMs = MFL_PATIENCE_MS,
): Promise<number | null> {
  if (asked) return asked;
  const mfl = services.mfl.currentWeek().then(
    (w) => Math.max(1, w),
    () => undefined,
  );
  const first = await within(mfl, patienceMs);
  if (first !== undefined) return first;
  const state = await services.sleeper.state().catch(() => undefined);
  if (state) return Math.max(1, state.week);
  return (await mfl) ?? null;
}

/**
 * The week's games as byes and kickoffs; undefined when the schedule cannot be read or is empty.
 * ESPN's leagues read ESPN's own pro schedule first (MFL's when it fails); the others MFL's.
 */
export async function weekSchedule(
  services: LeagueServices,
  week: number,
  type?: LeagueType,
): Promise<WeekSchedule | undefined> {
  if (type === 'espn') return (await espnWeekSchedule(services, week)) ?? mflWeekSchedule(services, week);
  return mflWeekSchedule(services, week);
}

/** ESPN's pro schedule: each team's bye week, and each week's kickoffs. */
async function espnWeekSchedule(services: LeagueServices, week: number): Promise<WeekSchedule | undefined> {
  const read = await services.espn.proSchedule().catch(() => undefined);
  if (!read) return undefined;
  const byes = new Set<string>();
  const kickoffs = new Map<string, number>();
  for (const team of read.settings.proTeams) {
    const code = espnNflTeam(team.id);
    if (!code) continue;
    if (team.byeWeek === week) byes.add(code);
    const game = team.proGamesByScoringPeriod?.[String(week)]?.[0];
    if (game) kickoffs.set(code, game.date);
  }
  if (byes.size === 0 && kickoffs.size === 0) return undefined;
  return { week, byes, kickoffs };
}

async function mflWeekSchedule(services: LeagueServices, week: number): Promise<WeekSchedule | undefined> {
  const read = await services.mfl.nflSchedule(week).catch(() => undefined);
  if (!read || read.games.length === 0) return undefined;
  const kickoffs = new Map<string, number>();
  for (const game of read.games)
    for (const team of game.teams)
      if (game.kickoff !== null && game.kickoff !== undefined)
        kickoffs.set(normaliseTeam(team.id), game.kickoff * 1000);
  const playing = new Set(read.games.flatMap((g) => g.teams.map((t) => normaliseTeam(t.id))));
  return { week, byes: new Set(NFL_TEAMS.filter((t) => !playing.has(t))), kickoffs };
}
