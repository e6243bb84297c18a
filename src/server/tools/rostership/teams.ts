import type { ExtraKind } from '#common/extras.ts';
import { type LeagueType, leagueTypeLabel } from '#common/leagues.ts';
import { isLeagueError, leagueError } from '#server/leagues/errors.ts';
import { espnInjuryWord } from '#server/leagues/espn/vocabulary.ts';
import type { MflPlayer } from '#server/leagues/mfl/schemas.ts';
import { mflPosition, normaliseTeam } from '#server/leagues/player-names.ts';
import type { LeagueServices } from '#server/leagues/services.ts';
import type { SleeperPlayer } from '#server/leagues/sleeper/schemas.ts';
import { espnStarts, espnTeamOf } from '#server/tools/shared/espn-team.ts';
import {
  espnIdentity,
  fleaIdentity,
  type IdentifiedPlayer,
  type IdentityIndex,
  mflIdentity,
} from '#server/tools/shared/identity.ts';

/** One player of the visitor's team in one league. */
export interface TeamEntry {
  player: IdentifiedPlayer;
  isStarter: boolean;
  /** The service's own injury word, if any. */
  injury?: string;
}

/** A team as read: its players, and the extras that could not be read for it. */
export interface TeamRead {
  entries: TeamEntry[];
  missing: ExtraKind[];
  /** The label of the saved league account the team was read through (signed-in users). */
  account?: string;
}

export interface TeamContext {
  services: LeagueServices;
  /**
   * The merged player list, when it could be had in time. Without it each service's own player
   * data names the players, under that service's ids.
   */
  index?: IdentityIndex;
}

/** A player no data names still counts, under the service's own id. */
const unknownPlayer = (type: LeagueType, id: string): TeamEntry['player'] => ({
  id: `${type}:${id}`,
  name: `Unknown player (${leagueTypeLabel[type]} ${id})`,
  position: '?',
  team: 'FA',
  [`${type}_id`]: id,
});

/** An extra's value, or undefined when its call failed (the league is read without it). */
const extra = <T>(call: Promise<T>): Promise<T | undefined> => call.catch(() => undefined);

// --- MFL -----------------------------------------------------------------------------------------

export async function mflTeam(
  { services, index }: TeamContext,
  ref: { league_id: string; franchise_id: string; url: string },
  cookie: string,
): Promise<TeamRead> {
  const { mfl } = services;
  const league = { league_id: ref.league_id, url: ref.url };
  const injuries = extra(mfl.injuries().then((r) => new Map(r.injuries.map((i) => [i.id, i.status]))));
  const rosters = await mfl.rosters(league, { cookie });
  const team = rosters.find((r) => r.id === ref.franchise_id);
  if (!team) throw leagueError('mfl', 'not-found', `MFL has no franchise ${ref.franchise_id} in this league`);
  const ids = team.players.map((p) => p.id);
  // Players the merged list does not name (or all of them, without the list) come from MFL itself.
  const unnamed = ids.filter((id) => !index?.byMfl.has(id));
  const [starting, injured, own] = await Promise.all([
    extra(mflStarters(services, league, ref.franchise_id, ids, cookie)),
    injuries,
    unnamed.length ? extra(mfl.playersById(unnamed)) : new Map<string, MflPlayer>(),
  ]);
  const missing: ExtraKind[] = [];
  if (!starting) missing.push('starters');
  if (!injured) missing.push('injuries');
  const entries = team.players.map((p) => {
    const known = index?.byMfl.get(p.id);
    const mine = own?.get(p.id);
    return {
      player: known ?? (mine ? mflIdentity(mine) : unknownPlayer('mfl', p.id)),
      isStarter: starting?.has(p.id) ?? false,
      injury: injured?.get(p.id),
    };
  });
  if (entries.some((e) => e.player.position === '?')) missing.push('player-details');
  return { entries, missing };
}

const starterMark = / - (S|NS)$/;

/**
 * Who of the team starts this week. Rosters do not say; MFL's playerStatus does (" - S" / " - NS")
 * and is cached as long as the rosters, so a second look costs nothing. When MFL leaves the marks
 * out, or playerStatus fails, the week's live scoring tells instead.
 */
async function mflStarters(
  services: LeagueServices,
  league: { league_id: string; url: string },
  franchiseId: string,
  playerIds: string[],
  cookie: string,
): Promise<Set<string>> {
  const { mfl } = services;
  if (playerIds.length === 0) return new Set();
  const statuses = await mfl.playerStatus(league, playerIds, { cookie }).catch(() => undefined);
  const marked = statuses?.filter((s) => starterMark.test(s.status)) ?? [];
  if (marked.length > 0) return new Set(marked.filter((s) => s.status.endsWith(' - S')).map((s) => s.id));
  const week = await mfl.currentWeek();
  if (week < 1) {
    if (statuses) return new Set();
    throw leagueError('mfl', 'unavailable');
  }
  const live = await mfl.liveScoring(league, week, { cookie });
  const mine = live.franchises.find((f) => f.id === franchiseId);
  return new Set(mine?.players.filter((p) => p.status === 'starter').map((p) => p.id) ?? []);
}

// --- Sleeper -------------------------------------------------------------------------------------

const sleeperById = new WeakMap<readonly SleeperPlayer[], Map<string, SleeperPlayer>>();
function sleeperMap(players: readonly SleeperPlayer[]) {
  let map = sleeperById.get(players);
  if (!map) {
    map = new Map(players.map((p) => [p.player_id, p]));
    sleeperById.set(players, map);
  }
  return map;
}

export async function sleeperTeam(
  { services, index }: TeamContext,
  ref: { league_id: string },
  userId: string,
): Promise<TeamRead> {
  const { sleeper } = services;
  // Sleeper's player map names the players and carries their injuries; without it the roster
  // still counts, under the merged list's names or Sleeper's ids.
  const [rosters, players] = await Promise.all([sleeper.rosters(ref.league_id), extra(sleeper.players())]);
  const team = rosters.find((r) => r.owner_id === userId || r.co_owners?.includes(userId));
  if (!team) throw leagueError('sleeper', 'not-found', 'You have no team in this Sleeper league');
  const starters = new Set((team.starters ?? []).filter((id) => id && id !== '0'));
  const ids = new Set([...(team.players ?? []), ...(team.reserve ?? []), ...(team.taxi ?? [])]);
  const known = players ? sleeperMap(players) : undefined;
  const entries: TeamEntry[] = [];
  for (const id of ids) {
    if (!id || id === '0') continue;
    const raw = known?.get(id);
    const listed = index?.bySleeper.get(id);
    const player =
      listed ??
      (raw
        ? {
            id: `sleeper:${id}`,
            sleeper_id: id,
            name: raw.full_name || [raw.first_name, raw.last_name].filter(Boolean).join(' ') || id,
            position: mflPosition(raw.position, raw.fantasy_positions ?? []),
            team: normaliseTeam(raw.team),
          }
        : unknownPlayer('sleeper', id));
    entries.push({ player, isStarter: starters.has(id), injury: raw?.injury_status ?? undefined });
  }
  const missing: ExtraKind[] = [];
  if (!players) missing.push('injuries');
  if (entries.some((e) => e.player.position === '?')) missing.push('player-details');
  return { entries, missing };
}

// --- Fleaflicker ---------------------------------------------------------------------------------

export async function fleaTeam(
  { services, index }: TeamContext,
  ref: { league_id: string; team_id: string },
): Promise<TeamRead> {
  let roster: Awaited<ReturnType<LeagueServices['flea']['roster']>>;
  try {
    roster = await services.flea.roster(ref.league_id, ref.team_id);
  } catch (e) {
    if (isLeagueError(e, 'not-found') || isLeagueError(e, 'rejected'))
      throw leagueError('flea', 'not-found', 'Fleaflicker has no such team in this league');
    throw e;
  }
  const entries: TeamEntry[] = [];
  const seen = new Set<number>();
  for (const group of roster.groups) {
    for (const slot of group.slots) {
      const pro = slot.leaguePlayer?.proPlayer;
      if (!pro || seen.has(pro.id)) continue;
      seen.add(pro.id);
      entries.push({
        player: fleaIdentity(index, pro),
        isStarter: group.group === 'START',
        injury: pro.injury?.typeFull ?? pro.injury?.typeAbbreviaition ?? undefined,
      });
    }
  }
  return { entries, missing: [] };
}

// --- ESPN ----------------------------------------------------------------------------------------

export async function espnTeam(
  { services, index }: TeamContext,
  ref: { league_id: string; team_id: string },
  credential: string,
): Promise<TeamRead> {
  const { entries } = await espnTeamOf(services, ref, credential);
  const read = entries.map((e) => {
    const player = e.playerPoolEntry?.player;
    return {
      player: espnIdentity(index, e.playerId, player),
      isStarter: espnStarts(e),
      injury: espnInjuryWord(player?.injuryStatus ?? e.injuryStatus),
    };
  });
  const missing: ExtraKind[] = read.some((e) => e.player.position === '?') ? ['player-details'] : [];
  return { entries: read, missing };
}
