import { normaliseName, normaliseTeam, positionFamily } from '../leagues/player-names.ts';
import type { PlayerIdentity } from '../leagues/players.ts';

/** The merged player list looked up by each service's own id, and by name for what ids miss. */
export interface IdentityIndex {
  byId: Map<string, PlayerIdentity>;
  byMfl: Map<string, PlayerIdentity>;
  bySleeper: Map<string, PlayerIdentity>;
  byFlea: Map<string, PlayerIdentity>;
  /**
   * The player with this name, position group and team (or, failing that, the only one with this
   * name and position group). Fleaflicker's ids are often unknown to the list, so its players are
   * matched this way, with the same rules the list itself joins by.
   */
  byName(
    name: string,
    position: string | null | undefined,
    team: string | null | undefined,
  ): PlayerIdentity | undefined;
}

// The directory hands out the same array until it rebuilds, so the index is built once per list.
const built = new WeakMap<readonly PlayerIdentity[], IdentityIndex>();

/** Keys claimed by two players name nobody. */
function addUnique(map: Map<string, PlayerIdentity | null>, key: string, p: PlayerIdentity) {
  const had = map.get(key);
  map.set(key, had === undefined || had === p ? p : null);
}

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
  let names:
    | { withTeam: Map<string, PlayerIdentity | null>; any: Map<string, PlayerIdentity | null> }
    | undefined;
  const nameMaps = () => {
    if (names) return names;
    names = { withTeam: new Map(), any: new Map() };
    for (const p of players) {
      const family = positionFamily(p.position);
      if (!family) continue;
      const norm = normaliseName(p.name);
      addUnique(names.withTeam, `${norm}|${family}|${p.team}`, p);
      addUnique(names.any, `${norm}|${family}`, p);
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
      const { withTeam, any } = nameMaps();
      const norm = normaliseName(name);
      return (
        withTeam.get(`${norm}|${family}|${normaliseTeam(team)}`) ?? any.get(`${norm}|${family}`) ?? undefined
      );
    },
  };
  built.set(players, index);
  return index;
}
