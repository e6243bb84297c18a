import type { ExtraKind } from '#common/extras.ts';
import type { MyWeekFreeAgent } from '#common/my-week.ts';
import { BEST_POSITIONS, type StarterRead } from '#common/my-week-rules.ts';
import { injuryOf } from '#common/rostership-rows.ts';
import { isLeagueError, leagueError } from '#server/leagues/errors.ts';
import {
  ESPN_BENCH_SLOT,
  ESPN_IR_SLOT,
  espnInjuryWord,
  espnSlotName,
} from '#server/leagues/espn/vocabulary.ts';
import type { MflLeague, MflPlayer } from '#server/leagues/mfl/schemas.ts';
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
import { readStarters } from '#server/tools/shared/mfl-starters.ts';

/*
 * One league's week as each service tells it: the starters (with their injury word), the empty
 * starting slots, the NFL teams of the visitor's players (for the kickoff still ahead), and the
 * league's free agents at the positions best available lists. The rules (what is a problem, who
 * ranks first) live in #common/my-week.ts.
 */

export interface LeagueWeekRead {
  starters: StarterRead[];
  emptySlots: string[];
  /** NFL teams of the visitor's whole roster. */
  teams: string[];
  /** Free agents (QB, RB, WR, TE), unranked; undefined when they could not be read. */
  freeAgents?: Omit<MyWeekFreeAgent, 'adp'>[];
  missing: ExtraKind[];
  /** Best ball: the service sets the lineup itself from the week's scores, so no lineup can be wrong. */
  bestBall?: boolean;
}

export interface WeekContext {
  services: LeagueServices;
  index?: IdentityIndex;
  week: number | null;
}

const listed = new Set<string>(BEST_POSITIONS);
const extra = <T>(call: Promise<T>): Promise<T | undefined> => call.catch(() => undefined);
const statusOf = (raw: string | null | undefined) => injuryOf(raw).injuryStatus;
const playerOf = (p: IdentifiedPlayer) => ({
  id: p.id,
  name: p.name,
  position: p.position,
  team: p.team,
  ...(p.mfl_id ? { mfl_id: p.mfl_id } : {}),
  ...(p.sleeper_id ? { sleeper_id: p.sleeper_id } : {}),
  ...(p.flea_id ? { flea_id: p.flea_id } : {}),
  ...(p.espn_id ? { espn_id: p.espn_id } : {}),
});

// --- MFL -----------------------------------------------------------------------------------------

const rangeTop = (limit: string) => Number(limit.split('-').pop()) || 0;
const rangeLow = (limit: string) => Number(limit.split('-')[0]) || 0;

/**
 * MFL's empty starting slots: each position short of its least ("QB 1", "RB 2-3": 2), then the
 * starters short of the league's whole count (its most, "9" or "7-9": 9) as FLEX.
 */
export function mflEmptySlots(league: Pick<MflLeague, 'startersCount' | 'starters'>, positions: string[]) {
  const empty: string[] = [];
  for (const slot of league.starters) {
    const names = slot.name.split('+').map((n) => mflPosition(n));
    const have = positions.filter((p) => names.includes(p)).length;
    for (let i = have; i < rangeLow(slot.limit); i++) empty.push(names.join('/'));
  }
  const total = rangeTop(String(league.startersCount ?? ''));
  for (let i = positions.length + empty.length; i < total; i++) empty.push('FLEX');
  return empty;
}

/**
 * The franchise's starters for the week, as the Lineup tool reads them (live scoring, or the week's
 * results when live scoring has no row); when live scoring cannot be read at all, the week's results.
 */
async function mflStarters(
  mfl: LeagueServices['mfl'],
  own: { league_id: string; url: string; franchise_id: string },
  week: number,
  cookie: string,
): Promise<{ starters: Set<string>; players: string[] }> {
  try {
    const { starters, live } = await readStarters(mfl, own, week, cookie);
    const mine = live.franchises.find((f) => f.id === own.franchise_id);
    return { starters, players: mine?.players.map((p) => p.id) ?? [...starters] };
  } catch {
    const results = await mfl.weeklyResults(own, week, { cookie });
    const row = results.franchises.find((f) => f.id === own.franchise_id);
    if (!row) throw leagueError('mfl', 'unavailable');
    return { starters: new Set(row.starters), players: [...row.starters, ...(row.nonstarters ?? [])] };
  }
}

export async function mflWeek(
  { services, index, week }: WeekContext,
  ref: { league_id: string; franchise_id: string; url: string },
  cookie: string,
): Promise<LeagueWeekRead> {
  const { mfl } = services;
  const opts = { cookie };
  const own = { league_id: ref.league_id, url: ref.url, franchise_id: ref.franchise_id };
  const w = week ?? 1;
  // The week's lineup (live scoring, which lists the whole franchise) is what the league is read
  // for; the rest are extras. No rosters call: each MFL league costs four requests, not five.
  const [settings, starting, injuries, freeAgents, projections] = await Promise.all([
    mfl.league(own, opts),
    mflStarters(mfl, own, w, cookie),
    extra(mfl.injuries(w)),
    extra(mfl.freeAgents(own, opts)),
    extra(mfl.projectedScores(own, w, opts)),
  ]);
  if (!settings.franchises.some((f) => f.id === ref.franchise_id))
    throw leagueError('mfl', 'not-found', `MFL has no franchise ${ref.franchise_id} in this league`);
  const rosterIds = starting.players;
  const faIds = (freeAgents ?? []).map((p) => p.id);
  const unnamed = [...rosterIds, ...faIds].filter((id) => !index?.byMfl.has(id));
  const own_ = unnamed.length ? await extra(mfl.playersById(unnamed)) : new Map<string, MflPlayer>();
  const who = (id: string): IdentifiedPlayer | undefined => {
    const known = index?.byMfl.get(id);
    if (known) return known;
    const mine = own_?.get(id);
    return mine ? mflIdentity(mine) : undefined;
  };
  const injured = new Map(injuries?.injuries.map((i) => [i.id, i.status]) ?? []);
  const missing: ExtraKind[] = [];
  if (!injuries) missing.push('injuries');
  if (!projections) missing.push('projections');
  const starterIds = [...starting.starters];
  const starters = starterIds.map((id) => {
    const p = who(id);
    return {
      player: p
        ? playerOf(p)
        : { id, mfl_id: id, name: `Unknown player (MFL ${id})`, position: '?', team: 'FA' },
      status: statusOf(injured.get(id)),
    };
  });
  if (starters.some((s) => s.player.position === '?')) missing.push('player-details');
  const projected = new Map((projections ?? []).map((p) => [p.id, p.score]));
  const free = freeAgents
    ? faIds.flatMap((id) => {
        const p = who(id);
        if (!p || !listed.has(p.position)) return [];
        const projection = projected.get(id);
        return [{ ...playerOf(p), ...(typeof projection === 'number' ? { projection } : {}) }];
      })
    : undefined;
  return {
    starters,
    emptySlots: mflEmptySlots(
      settings,
      starters.map((s) => s.player.position),
    ),
    teams: rosterIds.flatMap((id) => {
      const p = who(id);
      return p ? [p.team] : [];
    }),
    freeAgents: free,
    missing,
    bestBall: settings.bestLineup,
  };
}

// --- Sleeper -------------------------------------------------------------------------------------

/** Roster positions that are not starting slots. */
const sleeperBench = new Set(['BN', 'IR', 'TAXI']);

/**
 * Sleeper's empty starting slots: `starters` lines up with the league's starting roster_positions,
 * an empty slot holding "0" (or nothing, past the end of a short array).
 */
export function sleeperEmptySlots(rosterPositions: readonly string[], starters: readonly (string | null)[]) {
  const slots = rosterPositions.filter((p) => !sleeperBench.has(p));
  return slots.filter((_, i) => {
    const id = starters[i];
    return !id || id === '0';
  });
}

const sleeperById = new WeakMap<readonly SleeperPlayer[], Map<string, SleeperPlayer>>();
function sleeperMap(players: readonly SleeperPlayer[]) {
  let map = sleeperById.get(players);
  if (!map) {
    map = new Map(players.map((p) => [p.player_id, p]));
    sleeperById.set(players, map);
  }
  return map;
}

/** Sleeper's free agents at the listed positions: on an NFL team, active, on no roster of the league. */
function sleeperFree(players: readonly SleeperPlayer[], taken: ReadonlySet<string>, index?: IdentityIndex) {
  const out: Omit<MyWeekFreeAgent, 'adp'>[] = [];
  for (const raw of players) {
    if (taken.has(raw.player_id) || raw.active === false || !raw.team) continue;
    const position = mflPosition(raw.position, raw.fantasy_positions ?? []);
    if (!listed.has(position)) continue;
    const known = index?.bySleeper.get(raw.player_id);
    const rank = raw.search_rank ?? undefined;
    out.push({
      ...(known
        ? playerOf(known)
        : {
            id: `sleeper:${raw.player_id}`,
            sleeper_id: raw.player_id,
            name: raw.full_name || [raw.first_name, raw.last_name].filter(Boolean).join(' ') || raw.player_id,
            position,
            team: normaliseTeam(raw.team),
          }),
      ...(rank !== undefined && rank < 9_999_999 ? { serviceRank: rank } : {}),
    });
  }
  return out;
}

export async function sleeperWeek(
  { services, index }: WeekContext,
  ref: { league_id: string },
  userId: string,
): Promise<LeagueWeekRead> {
  const { sleeper } = services;
  const [league, rosters, players] = await Promise.all([
    sleeper.league(ref.league_id),
    sleeper.rosters(ref.league_id),
    extra(sleeper.players()),
  ]);
  const team = rosters.find((r) => r.owner_id === userId || r.co_owners?.includes(userId));
  if (!team) throw leagueError('sleeper', 'not-found', 'You have no team in this Sleeper league');
  const known = players ? sleeperMap(players) : undefined;
  const who = (id: string) => {
    const listedP = index?.bySleeper.get(id);
    if (listedP) return playerOf(listedP);
    const raw = known?.get(id);
    return raw
      ? {
          id: `sleeper:${id}`,
          sleeper_id: id,
          name: raw.full_name || [raw.first_name, raw.last_name].filter(Boolean).join(' ') || id,
          position: mflPosition(raw.position, raw.fantasy_positions ?? []),
          team: normaliseTeam(raw.team),
        }
      : {
          id: `sleeper:${id}`,
          sleeper_id: id,
          name: `Unknown player (Sleeper ${id})`,
          position: '?',
          team: 'FA',
        };
  };
  const starterIds = (team.starters ?? []).filter((id) => id && id !== '0');
  const starters = starterIds.map((id) => ({
    player: who(id),
    status: statusOf(known?.get(id)?.injury_status),
  }));
  const missing: ExtraKind[] = [];
  if (!players) missing.push('injuries');
  if (starters.some((s) => s.player.position === '?')) missing.push('player-details');
  const taken = new Set(
    rosters.flatMap((r) => [...(r.players ?? []), ...(r.reserve ?? []), ...(r.taxi ?? [])]),
  );
  const mine = [...new Set([...(team.players ?? []), ...(team.reserve ?? [])])].filter(
    (id) => id && id !== '0',
  );
  return {
    starters,
    emptySlots: sleeperEmptySlots(league.roster_positions ?? [], team.starters ?? []),
    teams: mine.map((id) => who(id).team),
    freeAgents: players ? sleeperFree(players, taken, index) : undefined,
    missing,
    bestBall: league.settings?.best_ball === 1,
  };
}

// --- Fleaflicker ---------------------------------------------------------------------------------

export async function fleaWeek(
  { services, index, week }: WeekContext,
  ref: { league_id: string; team_id: string },
): Promise<LeagueWeekRead> {
  const { flea } = services;
  const period = week ? { scoringPeriod: week } : {};
  const listing = extra(flea.playerListing(ref.league_id, { freeAgentOnly: true }));
  let roster: Awaited<ReturnType<LeagueServices['flea']['roster']>>;
  try {
    roster = await flea.roster(ref.league_id, ref.team_id, period);
  } catch (e) {
    if (isLeagueError(e, 'not-found') || isLeagueError(e, 'rejected'))
      throw leagueError('flea', 'not-found', 'Fleaflicker has no such team in this league');
    throw e;
  }
  const starters: StarterRead[] = [];
  const emptySlots: string[] = [];
  const teams: string[] = [];
  for (const group of roster.groups) {
    for (const slot of group.slots) {
      const pro = slot.leaguePlayer?.proPlayer;
      if (pro) teams.push(fleaIdentity(index, pro).team);
      if (group.group !== 'START') continue;
      if (!pro) {
        emptySlots.push(slot.position?.label ?? 'Starter');
        continue;
      }
      starters.push({
        player: playerOf(fleaIdentity(index, pro)),
        status: statusOf(pro.injury?.typeAbbreviaition ?? pro.injury?.typeFull),
      });
    }
  }
  const free = await listing;
  return {
    starters,
    emptySlots,
    teams,
    freeAgents: free?.players.flatMap((p, i) => {
      const player = playerOf(fleaIdentity(index, p.proPlayer));
      return listed.has(player.position) ? [{ ...player, serviceRank: i + 1 }] : [];
    }),
    missing: [],
  };
}

// --- ESPN ----------------------------------------------------------------------------------------

/** ESPN's slot ids the free agents are asked at: QB, RB, WR, TE (the positions best available lists). */
const ESPN_LISTED_SLOTS = [0, 2, 4, 6];

/**
 * ESPN's empty starting slots: each starting slot id of the league's lineup (not the bench, not
 * injured reserve) short of its count.
 */
export function espnEmptySlots(
  slotCounts: Readonly<Record<string, number>>,
  filled: readonly number[],
): string[] {
  const empty: string[] = [];
  for (const [id, count] of Object.entries(slotCounts)) {
    const slot = Number(id);
    if (slot === ESPN_BENCH_SLOT || slot === ESPN_IR_SLOT) continue;
    const have = filled.filter((f) => f === slot).length;
    for (let i = have; i < count; i++) empty.push(espnSlotName(slot));
  }
  return empty;
}

export async function espnWeek(
  { services, index, week }: WeekContext,
  ref: { league_id: string; team_id: string },
  credential: string,
): Promise<LeagueWeekRead> {
  const w = week ?? undefined;
  // The lineup slots come with the rosters: one call for the league, one for its free agents.
  const { league, entries, auth } = await espnTeamOf(services, ref, credential, ['mSettings'], w);
  const free = await extra(
    services.espn.freeAgents(ref.league_id, { auth, week: w, slotIds: ESPN_LISTED_SLOTS, limit: 50 }),
  );
  const starting = entries.filter(espnStarts);
  const starters = starting.map((e) => ({
    player: playerOf(espnIdentity(index, e.playerId, e.playerPoolEntry?.player)),
    status: statusOf(espnInjuryWord(e.playerPoolEntry?.player.injuryStatus ?? e.injuryStatus)),
  }));
  const missing: ExtraKind[] = [];
  if (starters.some((s) => s.player.position === '?')) missing.push('player-details');
  const counts = league.settings?.rosterSettings?.lineupSlotCounts ?? {};
  return {
    starters,
    emptySlots: espnEmptySlots(
      counts,
      starting.map((e) => e.lineupSlotId),
    ),
    teams: entries.map((e) => espnIdentity(index, e.playerId, e.playerPoolEntry?.player).team),
    freeAgents: free?.flatMap((p, i) => {
      const player = playerOf(espnIdentity(index, p.id, p.player));
      return listed.has(player.position) ? [{ ...player, serviceRank: i + 1 }] : [];
    }),
    missing,
  };
}
