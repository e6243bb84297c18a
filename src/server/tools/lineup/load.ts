import { type ExtraKind, sortExtras } from '#common/extras.ts';
import type { LineupInfo } from '#common/lineup.ts';
import { badRequest, notFound } from '#server/http/errors.ts';
import type { MflClient } from '#server/leagues/mfl/client.ts';
import { yearFromLeagueUrl } from '#server/leagues/mfl/hosts.ts';
import type { MflMyLeague } from '#server/leagues/mfl/schemas.ts';
import type { MflLeagueRef } from '#server/leagues/mfl/session.ts';
import { readStarters } from '#server/tools/shared/mfl-starters.ts';
import { buildLineupInfo } from './build.ts';

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

/** An extra's value, or undefined when its call failed (the lineup is read without it). */
const extra = <T>(call: Promise<T>): Promise<T | undefined> => call.catch(() => undefined);

/**
 * Reads the league, the franchise's roster and a week from MFL and builds the lineup. The week is the
 * current one unless asked; MFL takes lineups for the current week and the rest of the season, so an
 * earlier week or one after the league's last is refused. The league's rules and the roster are
 * required; injuries, projections, who starts now, live scores and the week's games are extras: a
 * failed call leaves them out and the answer names them.
 */
export async function loadLineup(
  mfl: MflClient,
  cookie: string,
  league: OwnLeague,
  askedWeek?: number,
): Promise<LineupInfo> {
  const opts = { cookie };
  const currentWeek = await lineupWeek(mfl, league);
  const year = yearFromLeagueUrl(league.url);
  const settingsFirst = await mfl.league(league, opts);
  const lastWeek = Math.max(currentWeek, settingsFirst.endWeek ?? settingsFirst.lastRegularSeasonWeek ?? 17);
  const week = askedWeek ?? currentWeek;
  if (week < currentWeek) throw badRequest(`Week ${week} is over; choose week ${currentWeek} or later.`);
  if (week > lastWeek) throw badRequest(`This league's season ends in week ${lastWeek}.`);
  const [settings, rosters, injuries, projections, current, schedule] = await Promise.all([
    settingsFirst,
    mfl.rosters(league, opts),
    extra(mfl.injuries(week, year)),
    extra(mfl.projectedScores(league, week, opts)),
    extra(readStarters(mfl, league, week, cookie)),
    extra(mfl.nflSchedule(week, year)),
  ]);
  const roster = rosters.find((r) => r.id === league.franchise_id)?.players ?? [];
  // The day's player database names them; players it does not have yet are asked of MFL by id.
  const players = await extra(
    mfl.playersById(
      roster.map((p) => p.id),
      year,
    ),
  );
  const missing: ExtraKind[] = [];
  if (!injuries) missing.push('injuries');
  if (!projections) missing.push('projections');
  if (!current) missing.push('starters', 'live-scores');
  if (!schedule) missing.push('byes');
  if (!players || roster.some((p) => !players.has(p.id))) missing.push('player-details');
  const info = buildLineupInfo({
    league: settings,
    franchiseId: league.franchise_id,
    week,
    now: mfl.now(),
    roster,
    players: players ?? new Map(),
    injuries: injuries?.injuries ?? [],
    projections: projections ?? [],
    starters: current?.starters ?? new Set(),
    live: current?.live.franchises.find((f) => f.id === league.franchise_id),
    schedule: schedule ?? { week, games: [] },
    teamUrl: teamUrl(settings.baseURL, league, year ?? mfl.seasonYear()),
  });
  return { ...info, missing: sortExtras(missing), currentWeek, lastWeek };
}
