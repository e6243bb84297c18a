import type { FleaProPlayer } from './flea/schemas.ts';
import type { MflPlayer } from './mfl/exports.ts';
import { mflDisplayName, mflPosition, normaliseName, normaliseTeam, positionFamily } from './player-names.ts';
import type { SleeperPlayer } from './sleeper/schemas.ts';

/** One player across the three services, keyed by MFL id (or `sleeper:<id>` / `flea:<id>`). */
export interface PlayerIdentity {
  id: string;
  mfl_id?: string;
  /** "First Last". */
  name: string;
  /** MFL's position codes (QB RB WR TE PK PN Def DE DT LB CB S; other services' extras kept). */
  position: string;
  /** Standard NFL abbreviation, 'FA' for none. */
  team: string;
  draftYear?: number;
  sleeper_id?: string;
  flea_id?: string;
}

export interface PlayerSources {
  mfl: MflPlayer[];
  sleeper: SleeperPlayer[];
  flea: FleaProPlayer[];
}

interface Entry extends PlayerIdentity {
  norm: string;
  families: string[];
  /** External ids by kind (espn, sr, rw, stats), to refuse name matches they contradict. */
  ext: Map<string, string>;
}

interface Candidate {
  idKeys: string[];
  norm: string;
  families: string[];
  team: string;
  ext: Map<string, string>;
}

/** Keys that name at most one entry; a key claimed twice names nobody. */
class UniqueIndex {
  private readonly map = new Map<string, Entry | null>();
  add(key: string, entry: Entry): void {
    const current = this.map.get(key);
    if (current === undefined) this.map.set(key, entry);
    else if (current !== entry) this.map.set(key, null);
  }
  get(key: string): Entry | undefined {
    return this.map.get(key) ?? undefined;
  }
}

/** MFL's database also lists team units and coaches, which no one looks up by name. */
const isTeamUnit = (position: string) => /^TM/.test(position) || ['Off', 'ST', 'Coach'].includes(position);

function externalIds(pairs: [string, string | undefined | null][]): Map<string, string> {
  const ext = new Map<string, string>();
  for (const [kind, value] of pairs) {
    const v = value?.trim().toLowerCase();
    if (v && v !== '0') ext.set(kind, v);
  }
  return ext;
}

function contradicts(entry: Entry, candidate: Candidate): boolean {
  for (const [kind, value] of candidate.ext) {
    const other = entry.ext.get(kind);
    if (other !== undefined && other !== value) return true;
  }
  return false;
}

/**
 * Joins the three player lists: first through the ids the services publish for each other
 * (MFL's fleaflicker_id, ESPN, Sportradar, RotoWire, STATS ids; team defenses by team), then by
 * normalised name + position group + team, then by name + position group when only one player
 * on each side has it. A player one service alone knows still appears, under a synthetic key.
 */
export function joinPlayers(sources: PlayerSources): PlayerIdentity[] {
  const entries: Entry[] = [];
  const ids = new UniqueIndex();
  const byNameTeam = new UniqueIndex();
  const byName = new UniqueIndex();

  const index = (entry: Entry, idKeys: string[]) => {
    for (const key of idKeys) ids.add(key, entry);
    for (const family of entry.families) {
      byNameTeam.add(`${entry.norm}|${family}|${entry.team}`, entry);
      byName.add(`${entry.norm}|${family}`, entry);
    }
  };

  const find = (c: Candidate, free: (e: Entry) => boolean): Entry | undefined => {
    for (const key of c.idKeys) {
      const e = ids.get(key);
      if (e && free(e)) return e;
    }
    for (const lookup of [
      (f: string) => byNameTeam.get(`${c.norm}|${f}|${c.team}`),
      (f: string) => byName.get(`${c.norm}|${f}`),
    ]) {
      for (const family of c.families) {
        const e = lookup(family);
        if (e && free(e) && !contradicts(e, c)) return e;
      }
    }
    return undefined;
  };

  const idKeysOf = (
    ext: Map<string, string>,
    family: string | undefined,
    team: string,
    extra: string[] = [],
  ) => [
    ...extra,
    ...[...ext].map(([kind, value]) => `${kind}:${value}`),
    ...(family === 'DEF' && team !== 'FA' ? [`def:${team}`] : []),
  ];

  for (const p of sources.mfl) {
    if (isTeamUnit(p.position)) continue;
    const family = positionFamily(p.position);
    const name = mflDisplayName(p.name);
    const team = normaliseTeam(p.team);
    const ext = externalIds([
      ['espn', p.espn_id],
      ['sr', p.sportsdata_id],
      ['rw', p.rotowire_id],
      ['stats', p.stats_global_id],
    ]);
    const draftYear = Number(p.draft_year);
    const entry: Entry = {
      id: p.id,
      mfl_id: p.id,
      name,
      position: p.position,
      team,
      draftYear: Number.isInteger(draftYear) && draftYear > 1970 ? draftYear : undefined,
      norm: normaliseName(name),
      families: family ? [family] : [],
      ext,
    };
    entries.push(entry);
    index(entry, idKeysOf(ext, family, team, p.fleaflicker_id ? [`flea:${p.fleaflicker_id}`] : []));
  }

  for (const s of sources.sleeper) {
    const families = [
      ...new Set(
        [s.position, ...(s.fantasy_positions ?? [])].map(positionFamily).filter((f) => f !== undefined),
      ),
    ];
    if (families.length === 0) continue;
    const name = s.full_name?.trim() || [s.first_name, s.last_name].filter(Boolean).join(' ').trim();
    if (!name) continue;
    const team = normaliseTeam(s.team);
    const ext = externalIds([
      ['espn', s.espn_id],
      ['sr', s.sportradar_id],
      ['rw', s.rotowire_id],
      ['stats', s.stats_id],
    ]);
    const candidate: Candidate = {
      idKeys: idKeysOf(ext, families[0], team),
      norm: normaliseName(name),
      families,
      team,
      ext,
    };
    const match = find(candidate, (e) => e.sleeper_id === undefined);
    if (match) {
      match.sleeper_id = s.player_id;
      for (const [kind, value] of ext) if (!match.ext.has(kind)) match.ext.set(kind, value);
      continue;
    }
    // Retired players linger in Sleeper's database; keep the ones still active or on a team.
    if (!s.active && team === 'FA') continue;
    const entry: Entry = {
      id: `sleeper:${s.player_id}`,
      name,
      position: mflPosition(s.position ?? s.fantasy_positions?.[0]),
      team,
      sleeper_id: s.player_id,
      norm: candidate.norm,
      families,
      ext,
    };
    entries.push(entry);
    index(entry, candidate.idKeys);
  }

  const seenFlea = new Set<number>();
  for (const f of sources.flea) {
    if (seenFlea.has(f.id)) continue;
    seenFlea.add(f.id);
    const positions = [f.position, ...(f.positionEligibility ?? []), ...(f.position?.split('/') ?? [])];
    const families = [...new Set(positions.map(positionFamily).filter((x) => x !== undefined))];
    const name = f.nameFull?.trim() || [f.nameFirst, f.nameLast].filter(Boolean).join(' ').trim();
    if (!name) continue;
    const team = normaliseTeam(f.proTeamAbbreviation);
    const sportradar = f.externalIds?.find((x) => /^[0-9a-f-]{36}$/i.test(x.id))?.id;
    const ext = externalIds([['sr', sportradar]]);
    const candidate: Candidate = {
      idKeys: idKeysOf(ext, families[0], team, [`flea:${f.id}`]),
      norm: normaliseName(name),
      families,
      team,
      ext,
    };
    const match = find(candidate, (e) => e.flea_id === undefined);
    if (match) {
      match.flea_id = String(f.id);
      continue;
    }
    const entry: Entry = {
      id: `flea:${f.id}`,
      name,
      position: mflPosition(f.position),
      team,
      flea_id: String(f.id),
      norm: candidate.norm,
      families,
      ext,
    };
    entries.push(entry);
  }

  return entries
    .map(({ norm: _norm, families: _families, ext: _ext, ...player }) => player)
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}
