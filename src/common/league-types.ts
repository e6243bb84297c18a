/*
 * The league services' names and the connect forms' limits, without zod: the tools' pages and the
 * connect dialog load these at first, and importing them from leagues.ts (its schemas are built when
 * the module loads) would bring the whole schema library with them.
 */

export const leagueTypes = ['mfl', 'sleeper', 'flea', 'espn'] as const;
export type LeagueType = (typeof leagueTypes)[number];
export const leagueTypeLabel: Record<LeagueType, string> = {
  mfl: 'MFL',
  sleeper: 'Sleeper',
  flea: 'Fleaflicker',
  espn: 'ESPN',
};

/** Length limits of the connect forms (the schemas in leagues.ts and the forms' counters). */
export const CONNECT_LIMITS = { username: 100, password: 200, email: 200 } as const;
