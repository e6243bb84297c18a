import type { FleaProPlayer } from './flea/schemas.ts';
import type { MflPlayer } from './mfl/schemas.ts';
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
  /** ESPN's id, as MFL's and Sleeper's player lists carry it (ESPN has no list of its own here). */
  espn_id?: string;
}

export interface PlayerSources {
  mfl: MflPlayer[];
  sleeper: SleeperPlayer[];
  flea: FleaProPlayer[];
}

interface Entry extends PlayerIdentity {
  norm: string;
  families: string[];
  /** External ids by kind (espn, sr, rw, stats), to refuse matches they contradict. */
  ext: Map<string, string>;
  /** Birth date, YYYY-MM-DD, when the service gives one. */
  born?: string;
}

interface Candidate {
  idKeys: string[];
  norm: string;
  families: string[];
  team: string;
  ext: Map<string, string>;
  born?: string;
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

const overlaps = (a: string[], b: string[]) => a.some((f) => b.includes(f));

/** Whether two teams or birth dates agree: undefined when either side does not say. */
function agree(a: string | undefined, b: string | undefined, none?: string): boolean | undefined {
  if (a === undefined || b === undefined || a === none || b === none) return undefined;
  return a === b;
}

/**
 * How well a name match is backed: undefined when it must be refused (another position group, an
 * id or a team/birth date that says "someone else"), else 2 for the same birth date, 1 for the same
 * team, 0 when neither side can tell.
 */
function nameMatch(entry: Entry, c: Candidate): number | undefined {
  if (!overlaps(entry.families, c.families) || contradicts(entry, c)) return undefined;
  const sameTeam = agree(entry.team, c.team, 'FA');
  const sameBorn = agree(entry.born, c.born);
  // A team change (services update at different times) is excused by the birth date, and a birth
  // date one service got wrong by the team; both disagreeing is another person.
  if (sameBorn === false && sameTeam !== true) return undefined;
  if (sameTeam === false && sameBorn !== true) return undefined;
  return (sameBorn ? 2 : 0) + (sameTeam ? 1 : 0);
}

/** An id shared with a player is trusted unless another id contradicts it or nothing else agrees. */
const idMatch = (entry: Entry, c: Candidate) =>
  !contradicts(entry, c) &&
  (overlaps(entry.families, c.families) || entry.norm === c.norm || agree(entry.born, c.born) === true);

/** MFL's birthdate is epoch seconds at midnight US time: its UTC date is the day. */
function mflBirthDate(value: string | undefined): string | undefined {
  const seconds = Number(value);
  if (!value || !Number.isFinite(seconds) || seconds === 0) return undefined;
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

const isoDate = (value: string | null | undefined) =>
  value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : undefined;

/** The keys an entry or candidate is found by: its services' ids, and a team defense by its team. */
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

/** An MFL player as the join's first entry (MFL's ids key the list); undefined for team units. */
function mflEntry(p: MflPlayer): { entry: Entry; idKeys: string[] } | undefined {
  if (isTeamUnit(p.position)) return undefined;
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
    position: mflPosition(p.position),
    team,
    draftYear: Number.isInteger(draftYear) && draftYear > 1970 ? draftYear : undefined,
    norm: normaliseName(name),
    families: family ? [family] : [],
    ext,
    born: mflBirthDate(p.birthdate),
  };
  return { entry, idKeys: idKeysOf(ext, family, team, p.fleaflicker_id ? [`flea:${p.fleaflicker_id}`] : []) };
}

type SleeperCandidate = Candidate & { player: SleeperPlayer; name: string };

/** A Sleeper player as a candidate to join; undefined without a position group or a name. */
function sleeperCandidate(s: SleeperPlayer): SleeperCandidate | undefined {
  const families = [
    ...new Set(
      [s.position, ...(s.fantasy_positions ?? [])].map(positionFamily).filter((f) => f !== undefined),
    ),
  ];
  if (families.length === 0) return undefined;
  const name = s.full_name?.trim() || [s.first_name, s.last_name].filter(Boolean).join(' ').trim();
  if (!name) return undefined;
  const team = normaliseTeam(s.team);
  const ext = externalIds([
    ['espn', s.espn_id],
    ['sr', s.sportradar_id],
    ['rw', s.rotowire_id],
    ['stats', s.stats_id],
  ]);
  return {
    player: s,
    name,
    idKeys: idKeysOf(ext, families[0], team),
    norm: normaliseName(name),
    families,
    team,
    ext,
    born: isoDate(s.birth_date),
  };
}

type FleaCandidate = Candidate & { player: FleaProPlayer; name: string };

/** A Fleaflicker player as a candidate to join; undefined without a name. */
function fleaCandidate(f: FleaProPlayer): FleaCandidate | undefined {
  const positions = [f.position, ...(f.positionEligibility ?? []), ...(f.position?.split('/') ?? [])];
  const families = [...new Set(positions.map(positionFamily).filter((x) => x !== undefined))];
  const name = f.nameFull?.trim() || [f.nameFirst, f.nameLast].filter(Boolean).join(' ').trim();
  if (!name) return undefined;
  const team = normaliseTeam(f.proTeamAbbreviation);
  const sportradar = f.externalIds?.find((x) => /^[0-9a-f-]{36}$/i.test(x.id))?.id;
  const ext = externalIds([['sr', sportradar]]);
  return {
    player: f,
    name,
    idKeys: idKeysOf(ext, families[0], team, [`flea:${f.id}`]),
    norm: normaliseName(name),
    families,
    team,
    ext,
  };
}

/**
 * Joins the three player lists. First through the ids the services publish for each other (MFL's
 * fleaflicker_id, ESPN, Sportradar, RotoWire, STATS ids; team defenses by team), refused when
 * another id contradicts it or neither position group, name nor birth date agrees. Then by
 * normalised name within the position group, where team or birth date must not say "someone
 * else", and the best-backed match must be the only one on both sides. A player one service alone
 * knows still appears, under a synthetic key.
 */
export function joinPlayers(sources: PlayerSources): PlayerIdentity[] {
  const entries: Entry[] = [];
  const ids = new UniqueIndex();
  const byNorm = new Map<string, Entry[]>();

  const index = (entry: Entry, idKeys: string[]) => {
    for (const key of idKeys) ids.add(key, entry);
    const list = byNorm.get(entry.norm);
    if (list) list.push(entry);
    else byNorm.set(entry.norm, [entry]);
  };

  /**
   * Links each candidate to at most one entry whose slot is free: id matches first for all of
   * them, then name matches. Answers the candidates left over.
   */
  function link<C extends Candidate>(
    candidates: C[],
    free: (e: Entry) => boolean,
    attach: (e: Entry, c: C) => void,
  ): C[] {
    const rest: C[] = [];
    for (const c of candidates) {
      const e = c.idKeys.map((key) => ids.get(key)).find((x) => x && free(x) && idMatch(x, c));
      if (e) attach(e, c);
      else rest.push(c);
    }
    const claims = new Map<Entry, { c: C; score: number }[]>();
    for (const c of rest) {
      const scored = (byNorm.get(c.norm) ?? [])
        .filter(free)
        .map((e) => ({ e, score: nameMatch(e, c) }))
        .filter((x): x is { e: Entry; score: number } => x.score !== undefined);
      if (scored.length === 0) continue;
      const best = Math.max(...scored.map((x) => x.score));
      const top = scored.filter((x) => x.score === best);
      if (top.length !== 1) continue;
      const list = claims.get(top[0].e) ?? [];
      list.push({ c, score: best });
      claims.set(top[0].e, list);
    }
    const linked = new Set<C>();
    for (const [e, list] of claims) {
      const best = Math.max(...list.map((x) => x.score));
      const top = list.filter((x) => x.score === best);
      if (top.length !== 1) continue;
      attach(e, top[0].c);
      linked.add(top[0].c);
    }
    return rest.filter((c) => !linked.has(c));
  }

  const addIds = (e: Entry, c: Candidate) => {
    for (const [kind, value] of c.ext) if (!e.ext.has(kind)) e.ext.set(kind, value);
    for (const key of c.idKeys) ids.add(key, e);
    e.born ??= c.born;
  };

  for (const p of sources.mfl) {
    const made = mflEntry(p);
    if (!made) continue;
    entries.push(made.entry);
    index(made.entry, made.idKeys);
  }

  const sleeperCandidates = sources.sleeper.flatMap((s) => sleeperCandidate(s) ?? []);
  const sleeperLeft = link(
    sleeperCandidates,
    (e) => e.sleeper_id === undefined,
    (e, c) => {
      e.sleeper_id = c.player.player_id;
      addIds(e, c);
    },
  );
  for (const c of sleeperLeft) {
    const s = c.player;
    // Retired players linger in Sleeper's database; keep the ones still active or on a team.
    if (!s.active && c.team === 'FA') continue;
    const entry: Entry = {
      id: `sleeper:${s.player_id}`,
      name: c.name,
      position: mflPosition(s.position, s.fantasy_positions ?? []),
      team: c.team,
      sleeper_id: s.player_id,
      norm: c.norm,
      families: c.families,
      ext: c.ext,
      born: c.born,
    };
    entries.push(entry);
    index(entry, c.idKeys);
  }

  // A player listed twice (two leagues' listings) is one candidate.
  const seenFlea = new Set<number>();
  const fleaCandidates = sources.flea.flatMap((f) => {
    if (seenFlea.has(f.id)) return [];
    seenFlea.add(f.id);
    return fleaCandidate(f) ?? [];
  });
  const fleaLeft = link(
    fleaCandidates,
    (e) => e.flea_id === undefined,
    (e, c) => {
      e.flea_id = String(c.player.id);
    },
  );
  for (const c of fleaLeft) {
    entries.push({
      id: `flea:${c.player.id}`,
      name: c.name,
      position: mflPosition(c.player.position),
      team: c.team,
      flea_id: String(c.player.id),
      norm: c.norm,
      families: c.families,
      ext: c.ext,
    });
  }

  return entries
    .map(({ norm: _norm, families: _families, ext, born: _born, ...player }) => {
      const espn = ext.get('espn');
      return espn ? { ...player, espn_id: espn } : player;
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}
