/*
 * What a visitor types to connect ESPN, read the same way on the page and on the server (no zod, so
 * the connect dialog loads it at once): a league id, or the address of their team's page, which
 * carries both the league and the team (fantasy.espn.com/football/team?leagueId=…&teamId=…).
 */

/** Leagues one ESPN connection may hold. */
export const ESPN_MAX_LEAGUES = 20;

/** ESPN's SWID cookie: a GUID in braces (the braces may be left off when pasted). */
export const ESPN_SWID =
  /^\{?[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}\}?$/;
/** ESPN's espn_s2 cookie: a long URL-safe token (as a browser shows it, %-encoded or not). */
export const ESPN_S2 = /^[A-Za-z0-9%+/=_.-]{20,2048}$/;

/** The SWID as ESPN sends it: upper-case GUID in braces. */
export const normaliseSwid = (swid: string) =>
  `{${swid
    .trim()
    .replace(/^\{|\}$/g, '')
    .toUpperCase()}}`;

export interface EspnEntry {
  league_id: string;
  /** The visitor's team, when a team page's address was given. */
  team_id?: string;
}

const digits = (v: string | null | undefined, max: number) =>
  v && new RegExp(`^\\d{1,${max}}$`).test(v) ? String(Number(v)) : undefined;

/** One typed line: a league id, or an ESPN league or team address; undefined when it is neither. */
export function parseEspnEntry(raw: string): EspnEntry | undefined {
  const text = raw.trim();
  const id = digits(text, 12);
  if (id) return { league_id: id };
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return undefined;
  }
  if (!/(^|\.)espn\.com$/i.test(url.hostname)) return undefined;
  const league = digits(url.searchParams.get('leagueId'), 12);
  if (!league) return undefined;
  const team = digits(url.searchParams.get('teamId'), 4);
  return team ? { league_id: league, team_id: team } : { league_id: league };
}

/** The lines of the connect form's box: one entry a line (commas and spaces also separate). */
export const espnEntryLines = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((l) => l.trim())
    .filter(Boolean);

/** The address of the visitor's team page on ESPN. */
export const espnTeamUrl = (leagueId: string, teamId: string) =>
  `https://fantasy.espn.com/football/team?leagueId=${leagueId}&teamId=${teamId}`;

/** The league's page on ESPN. */
export const espnLeagueUrl = (leagueId: string) =>
  `https://fantasy.espn.com/football/league?leagueId=${leagueId}`;

/** ESPN's free agents page of the league, where a player is added. */
export const espnAddUrl = (leagueId: string) =>
  `https://fantasy.espn.com/football/players/add?leagueId=${leagueId}`;
