import type { LineupInfo } from '../../common/lineup.ts';
import { notFound } from '../http/errors.ts';
import type { MflClient, MflLeagueRef } from '../leagues/mfl/client.ts';
import type { MflMyLeague, MflPlayer } from '../leagues/mfl/exports.ts';
import { yearFromLeagueUrl } from '../leagues/mfl/hosts.ts';
import { buildLineupInfo } from './lineup-build.ts';

/** A league of the visitor's, as MFL lists it: its franchise comes from MFL, never from the request. */
export interface OwnLeague extends MflLeagueRef {
  league_id: string;
  url: string;
  franchise_id: string;
}

/**
 * Finds the league among the visitor's own (the list the page was given, so usually cached). Before
 * a league renews for the new season it is only listed under the last one.
 */
export async function findOwnLeague(mfl: MflClient, cookie: string, leagueId: string): Promise<OwnLeague> {
  const year = mfl.seasonYear();
  const match = (list: MflMyLeague[]) => list.find((l) => l.league_id === leagueId && l.franchise_id);
  const found = match(await mfl.myLeagues(cookie, year)) ?? match(await mfl.myLeagues(cookie, year - 1));
  if (!found?.franchise_id) throw notFound('That league is not one of your MFL leagues.');
  return { league_id: found.league_id, url: found.url, franchise_id: found.franchise_id };
}

// The player database is one shared array per day: index it once.
const indexes = new WeakMap<MflPlayer[], Map<string, MflPlayer>>();
export function playerIndex(players: MflPlayer[]): Map<string, MflPlayer> {
  let index = indexes.get(players);
  if (!index) {
    index = new Map(players.map((p) => [p.id, p]));
    indexes.set(players, index);
  }
  return index;
}

/** The week a lineup is set for: the current NFL week (week 1 before the season). */
export async function lineupWeek(mfl: MflClient, league: MflLeagueRef): Promise<number> {
  return Math.max(1, await mfl.currentWeek(league.year ?? yearFromLeagueUrl(league.url)));
}

/** The team's page on MFL; only an http(s) address ever becomes a link. */
export function teamUrl(baseUrl: string | undefined, league: OwnLeague, season: number): string {
  let base: URL;
  try {
    base = new URL(baseUrl || league.url);
    if (base.protocol !== 'https:' && base.protocol !== 'http:') throw new Error('not a web address');
  } catch {
    base = new URL('https://www.myfantasyleague.com');
  }
  // baseURL is the host, sometimes with a path prefix (no year); a league url carries /<year>/home/<id>.
  const prefix = baseUrl ? base.pathname.replace(/\/+$/, '') : base.pathname.replace(/\/\d{4}\/.*$/, '');
  const q = new URLSearchParams({ L: league.league_id, F: league.franchise_id, O: '01' });
  return `${base.origin}${prefix}/${season}/options?${q}`;
}

/** The franchise's starters for the week: live scoring, or the week's results if it has no row. */
export async function readStarters(
  mfl: MflClient,
  league: OwnLeague,
  week: number,
  cookie: string,
): Promise<{ starters: Set<string>; live: Awaited<ReturnType<MflClient['liveScoring']>> }> {
  const live = await mfl.liveScoring(league, week, { cookie });
  const mine = live.franchises.find((f) => f.id === league.franchise_id);
  if (mine) {
    return { starters: new Set(mine.players.filter((p) => p.status === 'starter').map((p) => p.id)), live };
  }
  const results = await mfl.weeklyResults(league, week, { cookie });
  const row = results.franchises.find((f) => f.id === league.franchise_id);
  return { starters: new Set(row?.starters ?? []), live };
}

/** Reads the league, the franchise's roster and week from MFL and builds the lineup. */
export async function loadLineup(mfl: MflClient, cookie: string, league: OwnLeague): Promise<LineupInfo> {
  const opts = { cookie };
  const week = await lineupWeek(mfl, league);
  const year = yearFromLeagueUrl(league.url);
  const [settings, rosters, players, injuries, projections, current, schedule] = await Promise.all([
    mfl.league(league, opts),
    mfl.rosters(league, opts),
    mfl.players(year),
    mfl.injuries(week, year),
    mfl.projectedScores(league, week, opts),
    readStarters(mfl, league, week, cookie),
    mfl.nflSchedule(week, year),
  ]);
  return buildLineupInfo({
    league: settings,
    franchiseId: league.franchise_id,
    week,
    now: mfl.now(),
    roster: rosters.find((r) => r.id === league.franchise_id)?.players ?? [],
    players: playerIndex(players),
    injuries: injuries.injuries,
    projections,
    starters: current.starters,
    live: current.live.franchises.find((f) => f.id === league.franchise_id),
    schedule,
    teamUrl: teamUrl(settings.baseURL, league, year ?? mfl.seasonYear()),
  });
}
