/*
 * Where the Sleeper walk starts when ADP_SLEEPER_USERS is not set. Sleeper has no league search: its
 * public API lists a user's leagues (/user/<id>/leagues/nfl/<season>) and a league's members
 * (/league/<id>/users), so new leagues are found by walking from users to their leagues and from
 * dynasty leagues to their members. Without a starting point a new site would only walk from its
 * visitors' leagues; these public accounts let Sleeper ADP fill from the first run.
 *
 * User ids, not usernames: ids never change (usernames can), and an id needs no lookup request.
 * They are the members of public leagues whose answers are recorded in tests/fixtures/recorded/sleeper:
 * a 12-team dynasty league (522458773317046272, "The JanMichaelLarkin Dynasty League") and a league
 * of the 2025 season (1264686617134628864). An account that has left Sleeper or plays no league this
 * season costs one request per season and is passed over.
 */

/** Sleeper's own API: the built-in starting users are real accounts there, and mean nothing elsewhere. */
export const SLEEPER_HOST = 'api.sleeper.app';

export const DEFAULT_SLEEPER_USERS: readonly string[] = [
  // The dynasty league's members.
  '70729037081100288',
  '76686532077305856',
  '198540145396289536',
  '202882046337490944',
  '202892038360801280',
  '386377724614320128',
  '386383436639973376',
  '386571720443764736',
  '386950378371207168',
  '386976568364306432',
  '387070108625039360',
  '401485903224193024',
  '409797051455393792',
  // The 2025 league's members.
  '686626942497165312',
  '686663857703284736',
  '761029114655526912',
  '832107694155481088',
  '1132468884948410368',
  '1263662098932576256',
  '1264794050423181312',
  '1264796825332756480',
  '1264802196839485440',
  '1264802806892605440',
  '1264991046740221952',
  '1265406351698317312',
  '1265416167640539136',
  '1265425319699939328',
];

/**
 * The users the walk starts from: those configured (an empty setting means none), else the built-in
 * ones when the site talks to Sleeper itself (not to a simulator or another stand-in).
 */
export function sleeperStartUsers(configured: readonly string[] | undefined, sleeperApiUrl: string) {
  if (configured) return [...configured];
  let host: string;
  try {
    host = new URL(sleeperApiUrl).hostname;
  } catch {
    return [];
  }
  return host === SLEEPER_HOST ? [...DEFAULT_SLEEPER_USERS] : [];
}
