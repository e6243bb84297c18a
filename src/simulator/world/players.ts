/** The player pool: identities on the three services, bio, depth, scoring means and injuries. */
import { COLLEGES, FIRST_NAMES, LAST_NAMES, SUFFIXES } from './names.ts';
import { Rng } from './random.ts';
import { NFL_TEAMS } from './teams.ts';

/** MFL's position codes; the other services' codes are derived from these. */
export type Position = 'QB' | 'RB' | 'WR' | 'TE' | 'PK' | 'PN' | 'Def' | 'DE' | 'DT' | 'LB' | 'CB' | 'S';
export const IDP_POSITIONS: readonly Position[] = ['DE', 'DT', 'LB', 'CB', 'S'];

export type InjuryStatus = 'Questionable' | 'Doubtful' | 'Out' | 'IR';

export interface Injury {
  status: InjuryStatus;
  details: string;
  fromWeek: number;
  toWeek: number;
}

export interface Player {
  /** Index in World.players; the world's own key. */
  idx: number;
  mflId: string;
  /** Numeric string; team defenses use the team code. */
  sleeperId: string;
  fleaId: number;
  espnId: string;
  sportradarId: string;
  /** Which external ids each service publishes: a few are missing so that names must be matched. */
  mflHasEspn: boolean;
  mflHasSportradar: boolean;
  mflHasFlea: boolean;
  sleeperHasEspn: boolean;
  fleaHasSportradar: boolean;
  first: string;
  last: string;
  /** "Jr." etc.: MFL and Fleaflicker show it, Sleeper does not. */
  suffix: string;
  position: Position;
  /** World team code (Sleeper's), or 'FA'. */
  team: string;
  /** 1 = starter on the NFL depth chart. */
  depth: number;
  jersey: number;
  /** Epoch seconds. */
  birthdate: number;
  college: string;
  height: number;
  weight: number;
  draftYear: number;
  draftRound: number;
  draftPick: number;
  draftTeam: string;
  yearsExp: number;
  rookie: boolean;
  /** Mean non-PPR points a game and receptions a game. */
  mean: number;
  recMean: number;
  /** Dynasty worth, used to build rosters and drafts. */
  value: number;
  injuries: Injury[];
}

// Per NFL team: how many of each position, with the points-a-game mean by depth [base, spread].
const DEPTH: Record<Exclude<Position, 'Def'>, [number, number][]> = {
  QB: [
    [14, 10],
    [3, 3],
    [1, 1],
  ],
  RB: [
    [9, 9],
    [6, 4],
    [3, 3],
    [1.5, 1],
  ],
  WR: [
    [9, 8],
    [7, 5],
    [5, 4],
    [3, 2],
    [2, 1],
    [1, 1],
  ],
  TE: [
    [5, 7],
    [2.5, 2],
    [1, 1],
  ],
  PK: [[6, 4]],
  PN: [[3, 2]],
  DE: [
    [5, 4],
    [4, 3],
    [2.5, 1],
    [1.5, 1],
  ],
  DT: [
    [4, 3],
    [3, 1],
    [1.5, 1],
  ],
  LB: [
    [8, 5],
    [6, 4],
    [3, 1],
    [1.5, 1],
  ],
  CB: [
    [5, 3],
    [4, 3],
    [2.5, 1],
    [1.5, 1],
  ],
  S: [
    [6, 4],
    [5, 3],
    [2.5, 1],
  ],
};
const RECEPTIONS: Partial<Record<Position, number[]>> = {
  RB: [3, 2, 1, 0.5],
  WR: [6, 4.5, 3, 2, 1, 0.5],
  TE: [4.5, 1.5, 0.5],
};
const ROOKIE_WEIGHT: Record<Position, number> = {
  QB: 0.12,
  RB: 0.22,
  WR: 0.22,
  TE: 0.15,
  PK: 0.03,
  PN: 0.02,
  Def: 0,
  DE: 0.12,
  DT: 0.1,
  LB: 0.12,
  CB: 0.14,
  S: 0.12,
};
const BODY_PARTS = [
  'Ankle',
  'Knee',
  'Hamstring',
  'Shoulder',
  'Concussion',
  'Groin',
  'Foot',
  'Back',
  'Calf',
  'Hand',
];
const FREE_AGENTS: Position[] =
  'QB QB QB RB RB RB RB RB WR WR WR WR WR WR WR TE TE TE PK PN DE DE DE DT DT LB LB LB CB CB CB S S'
    .split(' ')
    .map((p) => p as Position);

export interface PlayerPool {
  players: Player[];
  byMfl: Map<string, Player>;
  bySleeper: Map<string, Player>;
  byFlea: Map<number, Player>;
}

export function buildPlayers(seed: number, season: number): PlayerPool {
  const rng = new Rng(seed, 'players', season);
  const players: Player[] = [];
  const names = new Set<string>();
  const used = {
    mfl: new Set<string>(),
    sleeper: new Set<string>(),
    flea: new Set<number>(),
    espn: new Set<string>(),
  };
  const unique = <T>(set: Set<T>, make: () => T): T => {
    for (;;) {
      const v = make();
      if (!set.has(v)) {
        set.add(v);
        return v;
      }
    }
  };
  // Newer players have larger ids on every service, as the real databases grow.
  const mflTop = 14800 + (season - 2020) * 450;
  const sleeperTop = 7500 + (season - 2020) * 1100;
  const fleaTop = 15800 + (season - 2020) * 650;

  const add = (position: Position, team: string, depth: number, rookie: boolean) => {
    let first = '';
    let last = '';
    do {
      first = rng.pick(FIRST_NAMES);
      last = rng.pick(LAST_NAMES);
    } while (names.has(`${first} ${last}`));
    names.add(`${first} ${last}`);
    const yearsExp = rookie ? 0 : Math.min(15, 1 + Math.floor(rng.next() * rng.next() * 14));
    const age = 21 + yearsExp + rng.int(0, 2);
    const draftYear = season - yearsExp;
    const drafted = rookie ? rng.chance(0.85) : rng.chance(0.75);
    const draftRound = drafted ? Math.min(7, 1 + Math.floor(rng.next() * rng.next() * 8)) : 0;
    const [base, spread] = DEPTH[position as Exclude<Position, 'Def'>][depth - 1];
    // Better draft capital means a better player, a little.
    const talent = Math.min(1, rng.next() * 0.8 + (draftRound ? (8 - draftRound) / 35 : 0));
    const mean = round1(base + spread * talent);
    const recMean = round1((RECEPTIONS[position]?.[depth - 1] ?? 0) * (0.6 + talent * 0.8));
    const youth = Math.max(0.55, 1.25 - yearsExp * 0.06);
    const rookieHope = rookie && draftRound ? (8 - draftRound) * 1.1 : 0;
    const idx = players.length;
    const p: Player = {
      idx,
      mflId: unique(used.mfl, () => String(idFor(rng, rookie, mflTop, 450, yearsExp, 2000))),
      sleeperId: unique(used.sleeper, () => String(idFor(rng, rookie, sleeperTop, 1100, yearsExp, 100))),
      fleaId: unique(used.flea, () => idFor(rng, rookie, fleaTop, 650, yearsExp, 3000)),
      espnId: unique(used.espn, () =>
        String(rookie ? rng.int(5_100_000, 5_199_999) : rng.int(2_500_000, 4_999_999)),
      ),
      sportradarId: rng.uuid(),
      mflHasEspn: rng.chance(rookie ? 0.4 : 0.7),
      mflHasSportradar: rng.chance(0.92),
      mflHasFlea: rng.chance(0.6),
      sleeperHasEspn: rng.chance(0.88),
      fleaHasSportradar: rng.chance(0.95),
      first,
      last,
      suffix: rng.chance(0.04) ? rng.pick(SUFFIXES) : '',
      position,
      team,
      depth,
      jersey: rng.int(1, 99),
      birthdate: Math.floor(Date.UTC(season - age, rng.int(0, 11), rng.int(1, 28)) / 1000),
      college: rng.pick(COLLEGES),
      height: rng.int(
        position === 'QB' || position === 'TE' || position === 'DE' ? 74 : 69,
        position === 'DT' ? 78 : 77,
      ),
      weight: rng.int(...weightRange(position)),
      draftYear,
      draftRound,
      draftPick: draftRound ? rng.int(1, 32) : 0,
      draftTeam: draftRound ? (rng.chance(0.7) && team !== 'FA' ? team : rng.pick(NFL_TEAMS).code) : 'FA',
      yearsExp,
      rookie,
      mean,
      recMean,
      value: round1((mean + recMean * 0.5) * youth + rookieHope + rng.next() * 2),
      injuries: [],
    };
    if (rng.chance(0.4)) p.injuries.push(makeInjury(rng));
    players.push(p);
  };

  // Team defenses first: MFL numbers them 0501.. and Sleeper keys them by team code.
  NFL_TEAMS.forEach((t, i) => {
    const idx = players.length;
    players.push({
      idx,
      mflId: `05${String(i + 1).padStart(2, '0')}`,
      sleeperId: t.code,
      fleaId: 2300 + i * 3 + 1,
      // ESPN numbers team defenses -16000 minus the team's proTeamId (-16012 is Kansas City).
      espnId: String(-16000 - t.espn),
      sportradarId: rng.uuid(),
      mflHasEspn: false,
      mflHasSportradar: false,
      mflHasFlea: true,
      sleeperHasEspn: false,
      fleaHasSportradar: false,
      first: t.location,
      last: t.name,
      suffix: '',
      position: 'Def',
      team: t.code,
      depth: 1,
      jersey: 0,
      birthdate: 0,
      college: '',
      height: 0,
      weight: 0,
      draftYear: 1970,
      draftRound: 0,
      draftPick: 0,
      draftTeam: t.code,
      yearsExp: 0,
      rookie: false,
      mean: round1(5 + rng.next() * 5),
      recMean: 0,
      value: 2 + rng.next() * 2,
      injuries: [],
    });
  });

  for (const t of NFL_TEAMS) {
    // Roughly six rookies a team, most of them deep on the depth chart.
    for (const position of Object.keys(DEPTH) as Exclude<Position, 'Def'>[]) {
      DEPTH[position].forEach((_, d) => {
        const rookie = rng.chance(ROOKIE_WEIGHT[position] * (d === 0 ? 0.5 : 1.4));
        add(position, t.code, d + 1, rookie);
      });
    }
  }
  for (const position of FREE_AGENTS) {
    const depth = DEPTH[position as Exclude<Position, 'Def'>].length;
    add(position, 'FA', depth, rng.chance(0.3));
  }
  return {
    players,
    byMfl: new Map(players.map((p) => [p.mflId, p])),
    bySleeper: new Map(players.map((p) => [p.sleeperId, p])),
    byFlea: new Map(players.map((p) => [p.fleaId, p])),
  };
}

function makeInjury(rng: Rng): Injury {
  const roll = rng.next();
  const status: InjuryStatus =
    roll < 0.4 ? 'Questionable' : roll < 0.5 ? 'Doubtful' : roll < 0.78 ? 'Out' : 'IR';
  const length = status === 'IR' ? rng.int(4, 12) : status === 'Out' ? rng.int(1, 3) : rng.int(1, 2);
  const fromWeek = rng.int(1, 18);
  return { status, details: rng.pick(BODY_PARTS), fromWeek, toWeek: Math.min(18, fromWeek + length - 1) };
}

function weightRange(position: Position): [number, number] {
  switch (position) {
    case 'DT':
      return [290, 340];
    case 'DE':
      return [250, 285];
    case 'TE':
    case 'LB':
      return [230, 260];
    case 'RB':
      return [195, 230];
    case 'QB':
      return [205, 240];
    case 'PK':
    case 'PN':
      return [180, 220];
    default:
      return [180, 215];
  }
}

/** An id in the band the service was handing out in the player's rookie year. */
function idFor(
  rng: Rng,
  rookie: boolean,
  top: number,
  perYear: number,
  yearsExp: number,
  floor: number,
): number {
  if (rookie) return rng.int(top, top + perYear - 1);
  const hi = Math.max(floor + 3000, top - perYear * yearsExp);
  return rng.int(Math.max(floor, hi - perYear - 900), hi);
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

/** The player's injury report entry for a week (before the season, week 1's report). */
export function injuryAt(p: Player, week: number): Injury | undefined {
  const w = Math.max(1, week);
  return p.injuries.find((i) => i.fromWeek <= w && w <= i.toWeek);
}

/** Injured players who will not play that week. */
export function isOut(p: Player, week: number): boolean {
  const s = injuryAt(p, week)?.status;
  return s === 'Out' || s === 'IR';
}

/** RotoWire's id for the player: MFL and Sleeper both publish it, and agree on it, as the real ones do. */
export function rotowireId(p: Player): number {
  return 10000 + ((p.idx * 7) % 9000);
}

export function fullName(p: Player, withSuffix: boolean): string {
  return withSuffix && p.suffix ? `${p.first} ${p.last} ${p.suffix}` : `${p.first} ${p.last}`;
}

/** MFL's "Last, First" (suffix kept with the last name, as MFL writes "Pittman Jr., Michael"). */
export function mflName(p: Player): string {
  if (p.position === 'Def') return `${p.last}, ${p.first}`;
  return `${p.suffix ? `${p.last} ${p.suffix}` : p.last}, ${p.first}`;
}
