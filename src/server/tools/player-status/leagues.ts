import { espnAddUrl } from '#common/espn.ts';
import { type PlayerStatus, readMflStatus, sleeperUsesFamily } from '#common/player-status.ts';
import { FREE_AGENT, NOT_AVAILABLE, NOT_LISTED } from '#common/player-status-text.ts';
import { isLeagueError } from '#server/leagues/errors.ts';
import { decodeEspnConnection } from '#server/leagues/espn/connection.ts';
import { espnPosition } from '#server/leagues/espn/vocabulary.ts';
import type { FleaListedPlayer } from '#server/leagues/flea/schemas.ts';
import { leagueHost, yearFromLeagueUrl } from '#server/leagues/mfl/hosts.ts';
import { normaliseName, positionFamily } from '#server/leagues/player-names.ts';
import type { PlayerIdentity } from '#server/leagues/players.ts';
import type { LeagueServices } from '#server/leagues/services.ts';
import { espnStarts } from '#server/tools/shared/espn-team.ts';

/*
 * One player's status in one league of each service: free agent, on my team, rostered by another
 * team, or not available there; with the service's add/drop page where it has one.
 */

export const sleeperLeagueUrl = (leagueId: string) =>
  `https://sleeper.com/leagues/${encodeURIComponent(leagueId)}`;
export const fleaLeagueUrl = (leagueId: string) => `https://www.fleaflicker.com/nfl/leagues/${leagueId}`;

/** The league's home page and add/drop page on its own MFL host (never another site: the url is the visitor's). */
export function mflLeagueUrls(ref: { league_id: string; url: string }, apiUrl: string, seasonYear: number) {
  const host = leagueHost(ref.url, apiUrl) ?? apiUrl.replace(/\/+$/, '');
  const year = yearFromLeagueUrl(ref.url) ?? seasonYear;
  return {
    home: `${host}/${year}/home/${ref.league_id}`,
    addDrop: `${host}/${year}/add_drop?L=${ref.league_id}`,
    year,
  };
}

export async function mflPlayerStatus(
  services: LeagueServices,
  ref: { league_id: string; url: string },
  player: PlayerIdentity,
  cookie: string,
  apiUrl: string,
): Promise<PlayerStatus> {
  if (!player.mfl_id) return { status: NOT_LISTED };
  const { mfl } = services;
  const urls = mflLeagueUrls(ref, apiUrl, mfl.seasonYear());
  const league = { league_id: ref.league_id, url: ref.url };
  // The visitor's franchise name tells "my team" apart; the league list is cached from the page's load.
  const myName = mfl
    .myLeagues(cookie, urls.year)
    .then((ls) => ls.find((l) => l.league_id === ref.league_id)?.franchise_name)
    .catch(() => undefined);
  let rows: Awaited<ReturnType<typeof mfl.playerStatus>>;
  try {
    rows = await mfl.playerStatus(league, [player.mfl_id], { cookie });
  } catch (e) {
    // MFL's answer for an id it does not have in this league.
    if (isLeagueError(e, 'rejected') && /no valid player/i.test(e.message)) return { status: NOT_LISTED };
    throw e;
  }
  const row = rows.find((r) => r.id === player.mfl_id) ?? rows[0];
  if (!row) return { status: NOT_LISTED };
  const status = readMflStatus(row.status, await myName);
  if (status.status === FREE_AGENT || status.mine) status.addDropUrl = urls.addDrop;
  return status;
}

export async function sleeperPlayerStatus(
  services: LeagueServices,
  ref: { league_id: string },
  player: PlayerIdentity,
  userId: string,
): Promise<PlayerStatus> {
  const sid = player.sleeper_id;
  if (!sid) return { status: NOT_LISTED };
  const { sleeper } = services;
  const rosters = await sleeper.rosters(ref.league_id);
  const holds = (r: (typeof rosters)[number]) =>
    [r.players, r.reserve, r.taxi].some((list) => list?.includes(sid) ?? false);
  const owner = rosters.find(holds);
  const link = sleeperLeagueUrl(ref.league_id);
  if (!owner) {
    const family = positionFamily(player.position);
    const league = await sleeper.league(ref.league_id).catch(() => undefined);
    if (family && league && !sleeperUsesFamily(league.roster_positions, family))
      return { status: NOT_AVAILABLE };
    // Sleeper has no add page outside its app; the league's page is where one adds him.
    return { status: FREE_AGENT, addDropUrl: link };
  }
  const starter = owner.starters?.includes(sid) ?? false;
  if (owner.owner_id === userId || owner.co_owners?.includes(userId))
    return { status: 'Mine', mine: true, starter, addDropUrl: link };
  const users = await sleeper.leagueUsers(ref.league_id).catch(() => []);
  const user = users.find((u) => u.user_id === owner.owner_id);
  const name = user?.metadata?.team_name || user?.display_name || `Team ${owner.roster_id}`;
  return { status: name, starter };
}

/** Fleaflicker's add page for a player in a league. */
export const fleaAddUrl = (leagueId: string, fleaId: number) =>
  `${fleaLeagueUrl(leagueId)}/players/add?playerId=${fleaId}`;

export async function fleaPlayerStatus(
  services: LeagueServices,
  ref: { league_id: string; team_id: string },
  player: PlayerIdentity,
): Promise<PlayerStatus> {
  const { flea } = services;
  let found: FleaListedPlayer | undefined;
  if (player.flea_id) {
    const listing = await flea.playerListing(ref.league_id, { playerIds: [Number(player.flea_id)] });
    found = listing.players.find((p) => String(p.proPlayer.id) === player.flea_id);
  } else {
    // Fleaflicker's id is not in the merged list: look him up by name, then match position group too.
    const listing = await flea.playerListing(ref.league_id, { query: player.name });
    const norm = normaliseName(player.name);
    const family = positionFamily(player.position);
    const matches = listing.players.filter((p) => {
      const pro = p.proPlayer;
      const name = pro.nameFull || [pro.nameFirst, pro.nameLast].filter(Boolean).join(' ');
      const f = positionFamily(pro.position) ?? positionFamily(pro.position?.split('/')[0]);
      return normaliseName(name) === norm && (!family || !f || f === family);
    });
    found = matches.find((p) => p.proPlayer.proTeamAbbreviation === player.team) ?? matches[0];
  }
  if (!found) {
    // A league whose starting slots take no one of his position group leaves him out of its
    // listing: that is "not used here", not "not listed" (unknown when the rules cannot be read).
    const family = positionFamily(player.position);
    const rules = await flea.leagueRules(ref.league_id).catch(() => undefined);
    const slots = rules?.rosterPositions.filter((r) => r.group === 'START') ?? [];
    const used = slots.some((r) =>
      (r.eligibility ?? [r.label]).some(
        (e) => positionFamily(e) === family || e.split('/').some((x) => positionFamily(x) === family),
      ),
    );
    return { status: family && slots.length > 0 && !used ? NOT_AVAILABLE : NOT_LISTED };
  }
  const add = fleaAddUrl(ref.league_id, found.proPlayer.id);
  if (!found.owner) return { status: FREE_AGENT, addDropUrl: add };
  // The listing names the team but not its lineup: the team's roster says whether he starts, as MFL
  // and Sleeper say it. Without the roster the row goes without.
  const starter = await fleaStarts(services, ref.league_id, found.owner.id, found.proPlayer.id);
  const role = starter === undefined ? {} : { starter };
  if (String(found.owner.id) === ref.team_id) return { status: 'Mine', mine: true, addDropUrl: add, ...role };
  return { status: found.owner.name || `Team ${found.owner.id}`, ...role };
}

/** Whether the player is in the team's starting lineup this week; undefined when the roster cannot be read. */
async function fleaStarts(
  services: LeagueServices,
  leagueId: string,
  teamId: number,
  playerId: number,
): Promise<boolean | undefined> {
  const roster = await services.flea.roster(leagueId, String(teamId)).catch(() => undefined);
  return roster?.groups.some(
    (g) => g.group === 'START' && g.slots.some((s) => s.leaguePlayer?.proPlayer.id === playerId),
  );
}

/**
 * ESPN: the league's rosters (one call, all teams) say who holds him and whether he starts. Found
 * by his ESPN id (the merged list carries it), else by name and position group on the rosters. A
 * player on no roster is a free agent when his ESPN id is known; without it ESPN may not list him.
 */
export async function espnPlayerStatus(
  services: LeagueServices,
  ref: { league_id: string; team_id: string },
  player: PlayerIdentity,
  credential: string,
): Promise<PlayerStatus> {
  const { auth } = decodeEspnConnection(credential);
  const league = await services.espn.league(ref.league_id, ['mRoster', 'mTeam'], { auth });
  const norm = normaliseName(player.name);
  const family = positionFamily(player.position);
  for (const team of league.teams ?? []) {
    const entry = team.roster?.entries.find((e) => {
      if (player.espn_id) return String(e.playerId) === player.espn_id;
      const p = e.playerPoolEntry?.player;
      return (
        p !== undefined &&
        normaliseName(p.fullName) === norm &&
        (!family || positionFamily(espnPosition(p.defaultPositionId)) === family)
      );
    });
    if (!entry) continue;
    const starter = espnStarts(entry);
    if (String(team.id) === ref.team_id) return { status: 'Mine', mine: true, starter };
    const name = team.name ?? ([team.location, team.nickname].filter(Boolean).join(' ') || `Team ${team.id}`);
    return { status: name, starter };
  }
  return player.espn_id
    ? { status: FREE_AGENT, addDropUrl: espnAddUrl(ref.league_id) }
    : { status: NOT_LISTED };
}
