/** Users and leagues on the three services: formats, rosters, rookie drafts and fantasy schedules. */
import {
  describeFormat,
  type LeagueFormat,
  type MflGroup,
  mflGroups,
  rosterCaps,
  rosterNeeds,
  rosterSize,
  type Slot,
  slots,
} from './formats.ts';
import { FIRST_NAMES, LAST_NAMES, TEAM_ADJECTIVES, TEAM_WORDS } from './names.ts';
import { IDP_POSITIONS, injuryAt, type Player, type Position } from './players.ts';
import { Rng } from './random.ts';

export type Service = 'mfl' | 'sleeper' | 'flea';

export interface Account {
  /** World key: `${service}:${login}`. */
  key: string;
  service: Service;
  /** MFL username, Sleeper username, Fleaflicker e-mail. */
  login: string;
  password?: string;
  /** Sleeper user_id; MFL and Fleaflicker keep an internal id. */
  userId: string;
  displayName: string;
  avatar: string;
  /** MFL APIKEY accepted in place of the login cookie. */
  apiKey?: string;
}

export interface LeagueTeam {
  /** MFL franchise id "0001", Sleeper roster_id "1", Fleaflicker team id. */
  id: string;
  name: string;
  ownerKey: string;
  players: number[];
  taxi: number[];
  ir: number[];
  /** MFL's `drafted` note per player ("1.04", "FCFS", "Trade"…). */
  acquired: Map<number, string>;
}

export interface DraftPick {
  round: number;
  /** Pick within the round, 1-based. */
  pick: number;
  overall: number;
  /** Index into League.teams of the team that made the pick. */
  team: number;
  player: number;
  /** Epoch seconds. */
  timestamp: number;
}

export interface League {
  service: Service;
  id: string;
  name: string;
  format: LeagueFormat;
  /** MFL league host, e.g. "www57". */
  host: string;
  isPublic: boolean;
  teams: LeagueTeam[];
  draft: { id: string; rounds: number; startedAt: number; picks: DraftPick[] };
  mfl: { count: number; groups: MflGroup[] };
  slots: Slot[];
  /** Head-to-head pairs (team indexes) for the regular season, by week - 1. */
  pairs: [number, number][][];
  rosterSize: number;
  taxiSlots: number;
  irSlots: number;
}

export const REGULAR_SEASON_WEEKS = 14;

interface LeagueSpec {
  name: string;
  format: LeagueFormat;
  owner?: Account;
  isPublic?: boolean;
}

const DEMO_MFL: [string, LeagueFormat][] = [
  ['Demo Dynasty 1QB PPR', { size: 12, qb: '1QB', idp: false, ppr: 1, bestBall: false }],
  ['Demo Superflex Dynasty', { size: 12, qb: 'SF', idp: false, ppr: 1, bestBall: false }],
  ['Demo 2QB League', { size: 10, qb: '2QB', idp: false, ppr: 0.5, bestBall: false }],
  ['Demo IDP Dynasty', { size: 14, qb: '1QB', idp: true, ppr: 1, bestBall: false }],
  ['Demo Best Ball SF', { size: 12, qb: 'SF', idp: false, ppr: 1, bestBall: true }],
  ['Demo Standard Scoring', { size: 10, qb: '1QB', idp: false, ppr: 0, bestBall: false }],
  ['Demo SF IDP', { size: 12, qb: 'SF', idp: true, ppr: 0.5, bestBall: false }],
  ['Demo 14-Team Dynasty', { size: 14, qb: '1QB', idp: false, ppr: 1, bestBall: false }],
];
const DEMO_SLEEPER: [string, LeagueFormat][] = [
  ['Sleeper Demo 1QB', { size: 12, qb: '1QB', idp: false, ppr: 1, bestBall: false }],
  ['Sleeper Demo Superflex', { size: 12, qb: 'SF', idp: false, ppr: 0.5, bestBall: false }],
  ['Sleeper Demo 2QB', { size: 10, qb: '2QB', idp: false, ppr: 1, bestBall: false }],
  ['Sleeper Demo IDP', { size: 14, qb: '1QB', idp: true, ppr: 1, bestBall: false }],
  ['Sleeper Demo Best Ball', { size: 12, qb: 'SF', idp: false, ppr: 1, bestBall: true }],
  ['Sleeper Demo Standard', { size: 10, qb: '1QB', idp: false, ppr: 0, bestBall: false }],
];
const DEMO_FLEA: [string, LeagueFormat][] = [
  ['Flea Demo Dynasty', { size: 12, qb: '1QB', idp: false, ppr: 1, bestBall: false }],
  ['Flea Demo Superflex', { size: 12, qb: 'SF', idp: false, ppr: 1, bestBall: false }],
  ['Flea Demo IDP', { size: 14, qb: '1QB', idp: true, ppr: 0.5, bestBall: false }],
  ['Flea Demo 2QB', { size: 10, qb: '2QB', idp: false, ppr: 1, bestBall: false }],
  ['Flea Demo Standard', { size: 10, qb: '1QB', idp: false, ppr: 0, bestBall: false }],
];

export interface LeagueSet {
  accounts: Account[];
  leagues: League[];
}

/**
 * Builds every account and league. `draftAnchorMs` is the clock when the world is made: rookie drafts
 * happened in the 90 days before it.
 */
export function buildLeagues(opts: {
  seed: number;
  season: number;
  players: Player[];
  anchorWeek: number;
  draftAnchorMs: number;
  demo: { mfl: Account; sleeper: Account; flea: Account };
  bench: { mfl: Account; sleeper: Account; flea: Account };
}): LeagueSet {
  const { seed, season, players } = opts;
  const rng = new Rng(seed, 'leagues', season);
  const ids = new Set<string>();
  const uniqueId = (make: () => string) => {
    for (;;) {
      const id = make();
      if (!ids.has(id)) {
        ids.add(id);
        return id;
      }
    }
  };
  const accounts: Account[] = [
    opts.demo.mfl,
    opts.demo.sleeper,
    opts.demo.flea,
    opts.bench.mfl,
    opts.bench.sleeper,
    opts.bench.flea,
  ];
  // League-mates: a shared pool per service, as the same people meet in many leagues.
  const others: Record<Service, Account[]> = { mfl: [], sleeper: [], flea: [] };
  for (const service of ['mfl', 'sleeper', 'flea'] as Service[]) {
    const taken = new Set<string>();
    for (let i = 0; i < 300; i++) {
      let handle = '';
      do
        handle = `${rng.pick(FIRST_NAMES).toLowerCase()}${rng.pick(LAST_NAMES).toLowerCase().slice(0, 5)}${rng.int(1, 99)}`;
      while (taken.has(handle));
      taken.add(handle);
      const login = service === 'flea' ? `${handle}@example.com` : handle;
      const acct: Account = {
        key: `${service}:${login}`,
        service,
        login,
        userId: service === 'sleeper' ? uniqueId(() => rng.digits(18)) : String(100000 + i),
        displayName: handle,
        avatar: rng.hex(32),
      };
      others[service].push(acct);
      accounts.push(acct);
    }
  }

  const rookies = players.filter((p) => p.rookie);
  // Rookies nobody drafted in a league are signed like veterans.
  const pool = players.filter((p) => p.position !== 'PN');
  const hostPool = rng.shuffle(Array.from({ length: 40 }, (_, i) => `www${40 + i}`));
  let hostTurn = 0;
  const leagues: League[] = [];

  const make = (service: Service, spec: LeagueSpec) => {
    const lr = new Rng(seed, 'league', service, leagues.length);
    const f = spec.format;
    const id =
      service === 'mfl'
        ? uniqueId(() => String(lr.int(10000, 79999)))
        : service === 'sleeper'
          ? uniqueId(() => `1${lr.digits(18)}`)
          : uniqueId(() => String(lr.int(100000, 399999)));
    const mates = lr.shuffle([...others[service]]).slice(0, f.size);
    const ownerSlot = spec.owner ? lr.int(0, f.size - 1) : -1;
    if (spec.owner) mates[ownerSlot] = spec.owner;
    const names = new Set<string>();
    const teams: LeagueTeam[] = mates.map((owner, i) => {
      let name = '';
      if (owner === opts.demo[service]) name = 'Demo Dynasty';
      else if (owner === opts.bench[service]) name = 'Bench Mob';
      else if (lr.chance(0.3)) name = `${owner.displayName}'s Team`;
      while (!name || names.has(name)) name = `${lr.pick(TEAM_ADJECTIVES)} ${lr.pick(TEAM_WORDS)}`;
      names.add(name);
      return {
        id:
          service === 'mfl'
            ? String(i + 1).padStart(4, '0')
            : service === 'sleeper'
              ? String(i + 1)
              : uniqueId(() => String(lr.int(1_000_000, 1_999_999))),
        name,
        ownerKey: owner.key,
        players: [],
        taxi: [],
        ir: [],
        acquired: new Map(),
      };
    });
    const league: League = {
      service,
      id,
      name: spec.name,
      format: f,
      host: hostPool[hostTurn++ % hostPool.length],
      isPublic: !!spec.isPublic,
      teams,
      draft: {
        id: service === 'sleeper' ? uniqueId(() => `1${lr.digits(18)}`) : id,
        rounds: 0,
        startedAt: 0,
        picks: [],
      },
      mfl: mflGroups(f),
      slots: slots(f),
      pairs: roundRobin(f.size),
      rosterSize: rosterSize(f),
      taxiSlots: lr.int(3, 5),
      irSlots: lr.int(2, 4),
    };
    draftRookies(league, lr, rookies, opts.draftAnchorMs);
    fillRosters(league, lr, pool, players, opts.anchorWeek);
    leagues.push(league);
    return league;
  };

  for (const [name, format] of DEMO_MFL) make('mfl', { name, format, owner: opts.demo.mfl });
  for (const [name, format] of DEMO_SLEEPER) make('sleeper', { name, format, owner: opts.demo.sleeper });
  for (const [name, format] of DEMO_FLEA) make('flea', { name, format, owner: opts.demo.flea });
  for (const service of ['mfl', 'sleeper', 'flea'] as Service[]) {
    for (let i = 0; i < 20; i++) {
      const format = randomFormat(rng, false);
      make(service, {
        name: `Bench ${service === 'flea' ? 'Flea' : service === 'mfl' ? 'MFL' : 'Sleeper'} League ${i + 1}`,
        format,
        owner: opts.bench[service],
      });
    }
  }
  for (let i = 0; i < 200; i++) {
    const format = randomFormat(rng, true);
    const tag = rng.pick(['Dynasty', 'Rookie Draft', 'Keeper Dynasty', 'Startup', 'Devy & Dynasty']);
    make('mfl', { name: `${describeFormat(format)} ${tag} #${i + 1}`, format, isPublic: true });
  }
  return { accounts, leagues };
}

function randomFormat(rng: Rng, publicLeague: boolean): LeagueFormat {
  const sizes = publicLeague ? [8, 10, 10, 12, 12, 12, 14, 14, 16] : [10, 12, 12, 14];
  const qbRoll = rng.next();
  return {
    size: rng.pick(sizes),
    qb: qbRoll < 0.45 ? '1QB' : qbRoll < 0.85 ? 'SF' : '2QB',
    idp: rng.chance(0.25),
    ppr: rng.pick([0, 0.5, 1, 1, 1]),
    bestBall: rng.chance(0.15),
  };
}

/** Circle-method pairings; every team plays every week of the regular season. */
function roundRobin(size: number): [number, number][][] {
  const ring = Array.from({ length: size }, (_, i) => i);
  const weeks: [number, number][][] = [];
  for (let w = 0; w < REGULAR_SEASON_WEEKS; w++) {
    const round = w % (size - 1);
    const order = [ring[0], ...rotate(ring.slice(1), round)];
    const pairs: [number, number][] = [];
    for (let i = 0; i < size / 2; i++) {
      const a = order[i];
      const b = order[size - 1 - i];
      pairs.push(w % 2 ? [a, b] : [b, a]);
    }
    weeks.push(pairs);
  }
  return weeks;
}

function rotate<T>(items: T[], by: number): T[] {
  const k = by % items.length;
  return [...items.slice(items.length - k), ...items.slice(0, items.length - k)];
}

/** What a player is worth to managers of this format. */
export function leagueValue(p: Player, f: LeagueFormat): number {
  let v = p.value + p.recMean * f.ppr * 0.6;
  if (p.position === 'QB') v *= f.qb === '1QB' ? 0.8 : f.qb === 'SF' ? 1.5 : 1.7;
  else if (p.position === 'PK') v *= 0.3;
  else if (p.position === 'Def') v *= f.idp ? 0 : 0.35;
  else if (p.position === 'PN') v = 0;
  else if (IDP_POSITIONS.includes(p.position)) v *= f.idp ? 0.6 : 0;
  return v;
}

function draftRookies(league: League, rng: Rng, rookies: Player[], anchorMs: number) {
  const f = league.format;
  const rounds = f.size >= 14 ? 3 : f.size >= 12 ? 4 : 5;
  // Managers disagree: each league's board is the consensus with noise, which is what ADP measures.
  const board = rookies
    .map((p) => ({ p, v: leagueValue(p, f) * Math.exp(0.3 * rng.normal()) }))
    .filter((x) => x.v > 0)
    .sort((a, b) => b.v - a.v);
  const order = rng.shuffle(league.teams.map((_, i) => i));
  const startedAt = Math.floor((anchorMs - rng.int(10, 88) * 86_400_000 - rng.int(0, 86_399) * 1000) / 1000);
  let t = startedAt;
  let next = 0;
  for (let round = 1; round <= rounds; round++) {
    for (let pick = 1; pick <= f.size; pick++) {
      // About one pick in ten was traded to another team.
      const team = rng.chance(0.1) ? rng.int(0, f.size - 1) : order[pick - 1];
      const choice = board[next++];
      if (!choice) break;
      t += rng.int(2, 180) * 60;
      league.draft.picks.push({
        round,
        pick,
        overall: (round - 1) * f.size + pick,
        team,
        player: choice.p.idx,
        timestamp: t,
      });
      const lt = league.teams[team];
      lt.players.push(choice.p.idx);
      lt.acquired.set(choice.p.idx, `${round}.${String(pick).padStart(2, '0')}`);
    }
  }
  league.draft.rounds = rounds;
  league.draft.startedAt = startedAt;
}

function fillRosters(league: League, rng: Rng, pool: Player[], all: Player[], anchorWeek: number) {
  // `pool`: everyone who may be signed after the rookie draft. Arrays indexed by position keep this fast.
  const f = league.format;
  const capOf = rosterCaps(f);
  const needOf = rosterNeeds(f);
  const positions = Object.keys(capOf) as Position[];
  const caps = positions.map((p) => capOf[p]!);
  const needs = positions.map((p) => needOf[p] ?? 0);
  const posIndex = new Map(positions.map((p, i) => [p, i]));
  const queues: { p: Player; v: number }[][] = positions.map(() => []);
  const drafted = new Set(league.draft.picks.map((p) => p.player));
  for (const p of pool) {
    const pi = posIndex.get(p.position);
    if (pi === undefined || drafted.has(p.idx)) continue;
    const v = leagueValue(p, f);
    if (v > 0) queues[pi].push({ p, v: v * Math.exp(0.25 * rng.normal()) });
  }
  for (const q of queues) q.sort((a, b) => b.v - a.v);
  const heads = positions.map(() => 0);
  const counts = league.teams.map((t) => {
    const c = positions.map(() => 0);
    for (const idx of t.players) {
      const pi = posIndex.get(all[idx].position);
      if (pi !== undefined) c[pi]++;
    }
    return c;
  });
  const size = league.rosterSize;
  const pickFor = (ti: number, forcedOnly: boolean, capped = true): number => {
    const have = counts[ti];
    // Near the end, only positions still short of the lineup's needs may be picked.
    let unmet = 0;
    for (let i = 0; i < positions.length; i++) if (have[i] < needs[i]) unmet += needs[i] - have[i];
    const forced = forcedOnly && size - league.teams[ti].players.length <= unmet;
    let best = -1;
    let bestScore = -1;
    for (let i = 0; i < positions.length; i++) {
      if ((capped && have[i] >= caps[i]) || (forced && have[i] >= needs[i])) continue;
      const head = queues[i][heads[i]];
      if (!head) continue;
      const score = head.v * (have[i] < needs[i] ? 3 : 1);
      if (score > bestScore) {
        best = i;
        bestScore = score;
      }
    }
    // Big leagues can run a position dry; then any position will do.
    if (best < 0 && forced) return pickFor(ti, false);
    if (best < 0 && capped) return pickFor(ti, false, false);
    return best;
  };
  for (let round = 0; round < size + 4; round++) {
    const order = round % 2 ? [...league.teams.keys()].reverse() : [...league.teams.keys()];
    for (const ti of order) {
      const team = league.teams[ti];
      if (team.players.length >= size) continue;
      const pi = pickFor(ti, true);
      if (pi < 0) continue;
      const best = queues[pi][heads[pi]++].p;
      counts[ti][pi]++;
      team.players.push(best.idx);
      const r = rng.next();
      team.acquired.set(
        best.idx,
        r < 0.45
          ? `${rng.int(1, 25)}.${String(rng.int(1, f.size)).padStart(2, '0')}`
          : r < 0.7
            ? 'FCFS'
            : r < 0.85
              ? 'Trade'
              : `BB $${rng.int(1, 60)}.00`,
      );
    }
  }
  for (const [ti, team] of league.teams.entries()) {
    // Taxi and IR never take a team's last players at a position it must start.
    const active = [...counts[ti]];
    const canBench = (p: Player) => {
      const pi = posIndex.get(p.position);
      return pi !== undefined && active[pi] > Math.max(1, needs[pi] - 1);
    };
    const bench = (p: Player) => {
      active[posIndex.get(p.position)!]--;
    };
    const drafted = league.draft.picks.filter((p) => league.teams[p.team] === team).map((p) => all[p.player]);
    team.taxi = [];
    for (const p of drafted.sort((a, b) => a.value - b.value)) {
      if (team.taxi.length >= Math.min(league.taxiSlots, drafted.length - 1) || !canBench(p)) continue;
      team.taxi.push(p.idx);
      bench(p);
    }
    team.ir = [];
    for (const idx of team.players) {
      const p = all[idx];
      if (
        team.ir.length >= league.irSlots ||
        team.taxi.includes(idx) ||
        injuryAt(p, anchorWeek)?.status !== 'IR'
      )
        continue;
      if (!canBench(p)) continue;
      team.ir.push(idx);
      bench(p);
    }
  }
}

/** The team's players in the world's player objects. */
export function rosterOf(team: LeagueTeam, all: Player[]): Player[] {
  return team.players.map((i) => all[i]);
}

/** Players who can start: not on the taxi squad or injured reserve. */
export function activeRoster(team: LeagueTeam, all: Player[]): Player[] {
  return team.players.filter((i) => !team.taxi.includes(i) && !team.ir.includes(i)).map((i) => all[i]);
}
