import { normaliseName, normaliseTeam, positionFamily } from '#server/leagues/player-names.ts';
import type { PlayerIdentity } from '#server/leagues/players.ts';

/** The merged player list looked up by each service's own id, and by name for what ids miss. */
export interface IdentityIndex {
  byId: Map<string, PlayerIdentity>;
  byMfl: Map<string, PlayerIdentity>;
  bySleeper: Map<string, PlayerIdentity>;
  byFlea: Map<string, PlayerIdentity>;
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
  for (const p of players) {
    byId.set(p.id, p);
    if (p.mfl_id) byMfl.set(p.mfl_id, p);
    if (p.sleeper_id) bySleeper.set(p.sleeper_id, p);
    if (p.flea_id) byFlea.set(p.flea_id, p);
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
