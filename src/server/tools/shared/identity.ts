import type { EspnPlayer } from '#server/leagues/espn/schemas.ts';
import { espnNflTeam, espnPosition } from '#server/leagues/espn/vocabulary.ts';
import type { FleaProPlayer } from '#server/leagues/flea/schemas.ts';
import type { MflPlayer } from '#server/leagues/mfl/schemas.ts';
import {
  mflDisplayName,
  mflPosition,
  normaliseName,
  normaliseTeam,
  positionFamily,
} from '#server/leagues/player-names.ts';
import type { PlayerIdentity } from '#server/leagues/players.ts';

/** A player as a league tool names him: the merged list's identity, or a service's own when it has none. */
export type IdentifiedPlayer = Pick<
  PlayerIdentity,
  'id' | 'name' | 'position' | 'team' | 'draftYear' | 'mfl_id' | 'sleeper_id' | 'flea_id' | 'espn_id'
>;

/** The merged player list looked up by each service's own id, and by name for what ids miss. */
export interface IdentityIndex {
  byId: Map<string, PlayerIdentity>;
  byMfl: Map<string, PlayerIdentity>;
  bySleeper: Map<string, PlayerIdentity>;
  byFlea: Map<string, PlayerIdentity>;
  byEspn: Map<string, PlayerIdentity>;
  /**
   * The player with this name, position group and team (or, failing that, the only namesake in the
   * group whose team is unknown on one side). Fleaflicker's ids are often unknown to the list, so
   * its players are matched this way, with the rules the list itself joins by.
   */
  byName(
    name: string,
    position: string | null | undefined,
    team: string | null | undefined,
  ): PlayerIdentity | undefined;
}

// The directory hands out the same array until it rebuilds, so the index is built once per list.
const built = new WeakMap<readonly PlayerIdentity[], IdentityIndex>();

export function identityIndex(players: readonly PlayerIdentity[]): IdentityIndex {
  const cached = built.get(players);
  if (cached) return cached;
  const byId = new Map<string, PlayerIdentity>();
  const byMfl = new Map<string, PlayerIdentity>();
  const bySleeper = new Map<string, PlayerIdentity>();
  const byFlea = new Map<string, PlayerIdentity>();
  const byEspn = new Map<string, PlayerIdentity>();
  for (const p of players) {
    byId.set(p.id, p);
    if (p.mfl_id) byMfl.set(p.mfl_id, p);
    if (p.sleeper_id) bySleeper.set(p.sleeper_id, p);
    if (p.flea_id) byFlea.set(p.flea_id, p);
    if (p.espn_id) byEspn.set(p.espn_id, p);
  }
  let names: Map<string, PlayerIdentity[]> | undefined;
  const nameMap = () => {
    if (names) return names;
    names = new Map();
    for (const p of players) {
      const family = positionFamily(p.position);
      if (!family) continue;
      const key = `${normaliseName(p.name)}|${family}`;
      const list = names.get(key);
      if (list) list.push(p);
      else names.set(key, [p]);
    }
    return names;
  };
  const index: IdentityIndex = {
    byId,
    byMfl,
    bySleeper,
    byFlea,
    byEspn,
    byName(name, position, team) {
      const family = positionFamily(position) ?? positionFamily(position?.split('/')[0]);
      if (!family || !name.trim()) return undefined;
      const wanted = normaliseTeam(team);
      // Another team is another person (no birth date here to excuse a move): the same team first,
      // else the one namesake whose team is unknown on either side.
      const options = (nameMap().get(`${normaliseName(name)}|${family}`) ?? []).filter(
        (p) => p.team === wanted || p.team === 'FA' || wanted === 'FA',
      );
      const sameTeam = options.filter((p) => p.team === wanted && wanted !== 'FA');
      if (sameTeam.length === 1) return sameTeam[0];
      return sameTeam.length === 0 && options.length === 1 ? options[0] : undefined;
    },
  };
  built.set(players, index);
  return index;
}

/** A player as MFL's own database names him; his key is his MFL id, as in the merged list. */
export function mflIdentity(p: MflPlayer): IdentifiedPlayer {
  const draftYear = Number(p.draft_year);
  return {
    id: p.id,
    mfl_id: p.id,
    name: mflDisplayName(p.name),
    position: mflPosition(p.position),
    team: normaliseTeam(p.team),
    draftYear: Number.isInteger(draftYear) && draftYear > 1970 ? draftYear : undefined,
  };
}

/**
 * The merged identity of a Fleaflicker player: by id when the list has it, else by name, position
 * and team; without a match (or without the list), Fleaflicker's own proPlayer names him.
 */
export function fleaIdentity(index: IdentityIndex | undefined, pro: FleaProPlayer): IdentifiedPlayer {
  const name = pro.nameFull || [pro.nameFirst, pro.nameLast].filter(Boolean).join(' ');
  const flea_id = String(pro.id);
  const byName = index?.byName(name, pro.position, pro.proTeamAbbreviation);
  // A namesake the list already knows under another Fleaflicker id is someone else.
  const listed =
    index?.byFlea.get(flea_id) ??
    (byName && (!byName.flea_id || byName.flea_id === flea_id) ? byName : undefined);
  if (listed) return { ...listed, flea_id };
  return {
    id: `flea:${pro.id}`,
    flea_id,
    name: name || `Player ${pro.id}`,
    position: mflPosition(pro.position),
    team: normaliseTeam(pro.proTeamAbbreviation),
  };
}

/**
 * The merged identity of an ESPN player: by the ESPN id MFL's and Sleeper's lists carry, else by
 * name, position and team; without a match, ESPN's own player (from the league's answer) names him.
 */
export function espnIdentity(
  index: IdentityIndex | undefined,
  id: number,
  player: EspnPlayer | undefined,
): IdentifiedPlayer {
  const espn_id = String(id);
  const position = player ? espnPosition(player.defaultPositionId) : undefined;
  const team = player ? (espnNflTeam(player.proTeamId) ?? 'FA') : 'FA';
  const byName = player ? index?.byName(player.fullName, position, team) : undefined;
  // A namesake the list already knows under another ESPN id is someone else.
  const listed =
    index?.byEspn.get(espn_id) ??
    (byName && (!byName.espn_id || byName.espn_id === espn_id) ? byName : undefined);
  if (listed) return { ...listed, espn_id };
  return {
    id: `espn:${id}`,
    espn_id,
    name: player?.fullName ?? `Unknown player (ESPN ${id})`,
    position: position ? mflPosition(position) : '?',
    team: normaliseTeam(team),
  };
}
