import type { LeagueType } from '../../common/leagues.ts';
import { isLeagueError, leagueError } from '../leagues/errors.ts';
import type { FleaProPlayer } from '../leagues/flea/schemas.ts';
import { mflPosition, normaliseTeam } from '../leagues/player-names.ts';
import type { PlayerIdentity } from '../leagues/players.ts';
import type { LeagueServices } from '../leagues/services.ts';
import type { SleeperPlayer } from '../leagues/sleeper/schemas.ts';
import type { IdentityIndex } from './rostership-identity.ts';

/** One player of the visitor's team in one league. */
export interface TeamEntry {
  player: Pick<PlayerIdentity, 'id' | 'name' | 'position' | 'team' | 'draftYear'>;
  isStarter: boolean;
  /** The service's own injury word, if any. */
  injury?: string;
}

export interface TeamContext {
  services: LeagueServices;
  index: IdentityIndex;
}

/** A player the merged list does not know still counts, under the service's own id. */
const unknownPlayer = (type: LeagueType, id: string): TeamEntry['player'] => ({
  id: `${type}:${id}`,
  name: `Unknown player (${type === 'mfl' ? 'MFL' : type === 'sleeper' ? 'Sleeper' : 'Fleaflicker'} ${id})`,
  position: '?',
  team: 'FA',
});

// --- MFL -----------------------------------------------------------------------------------------

export async function mflTeam(
  { services, index }: TeamContext,
  ref: { league_id: string; franchise_id: string; url: string },
  cookie: string,
): Promise<TeamEntry[]> {
  const { mfl } = services;
  const league = { league_id: ref.league_id, url: ref.url };
  // Injury news is a nicety: a failed report leaves the flags out rather than the league.
  const injuries = mfl
    .injuries()
    .then((r) => new Map(r.injuries.map((i) => [i.id, i.status])))
    .catch(() => new Map<string, string>());
  const [rosters, injured] = await Promise.all([mfl.rosters(league, { cookie }), injuries]);
  const team = rosters.find((r) => r.id === ref.franchise_id);
  if (!team) throw leagueError('mfl', 'not-found', `MFL has no franchise ${ref.franchise_id} in this league`);
  const starting = await mflStarters(
    services,
    league,
    ref.franchise_id,
    team.players.map((p) => p.id),
    cookie,
  );
  return team.players.map((p) => ({
    player: index.byMfl.get(p.id) ?? unknownPlayer('mfl', p.id),
    isStarter: starting.has(p.id),
    injury: injured.get(p.id),
  }));
}

const starterMark = / - (S|NS)$/;

/**
 * Who of the team starts this week. Rosters do not say; MFL's playerStatus does (" - S" / " - NS")
 * and is cached as long as the rosters, so a second look costs nothing. When MFL leaves the marks
 * out, the week's live scoring tells instead.
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
  const statuses = await mfl.playerStatus(league, playerIds, { cookie });
  const marked = statuses.filter((s) => starterMark.test(s.status));
  if (marked.length > 0) return new Set(marked.filter((s) => s.status.endsWith(' - S')).map((s) => s.id));
  const week = await mfl.currentWeek().catch(() => 0);
  if (week < 1) return new Set();
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
): Promise<TeamEntry[]> {
  const { sleeper } = services;
  const [rosters, players] = await Promise.all([
    sleeper.rosters(ref.league_id),
    sleeper.players().catch(() => [] as SleeperPlayer[]),
  ]);
  const team = rosters.find((r) => r.owner_id === userId || r.co_owners?.includes(userId));
  if (!team) throw leagueError('sleeper', 'not-found', 'You have no team in this Sleeper league');
  const starters = new Set((team.starters ?? []).filter((id) => id && id !== '0'));
  const ids = new Set([...(team.players ?? []), ...(team.reserve ?? []), ...(team.taxi ?? [])]);
  const known = sleeperMap(players);
  const entries: TeamEntry[] = [];
  for (const id of ids) {
    if (!id || id === '0') continue;
    const raw = known.get(id);
    const player =
      index.bySleeper.get(id) ??
      (raw
        ? {
            id: `sleeper:${id}`,
            name: raw.full_name || [raw.first_name, raw.last_name].filter(Boolean).join(' ') || id,
            position: mflPosition(raw.position),
            team: normaliseTeam(raw.team),
          }
        : unknownPlayer('sleeper', id));
    entries.push({ player, isStarter: starters.has(id), injury: raw?.injury_status ?? undefined });
  }
  return entries;
}

// --- Fleaflicker ---------------------------------------------------------------------------------

export async function fleaTeam(
  { services, index }: TeamContext,
  ref: { league_id: string; team_id: string },
): Promise<TeamEntry[]> {
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
  return entries;
}

/** The merged identity of a Fleaflicker player: by id when the list has it, else by name, position and team. */
export function fleaIdentity(index: IdentityIndex, pro: FleaProPlayer): TeamEntry['player'] {
  const name = pro.nameFull || [pro.nameFirst, pro.nameLast].filter(Boolean).join(' ');
  return (
    index.byFlea.get(String(pro.id)) ??
    index.byName(name, pro.position, pro.proTeamAbbreviation) ?? {
      id: `flea:${pro.id}`,
      name: name || `Player ${pro.id}`,
      position: mflPosition(pro.position),
      team: normaliseTeam(pro.proTeamAbbreviation),
    }
  );
}
