/** Users and leagues on the four services: formats, rosters, rookie drafts and fantasy schedules. */
import { describeFormat, type LeagueFormat, mflGroups, rosterSize, slots } from './formats.ts';
import type { Account, League, LeagueTeam, Service } from './league.ts';
import { FIRST_NAMES, LAST_NAMES, TEAM_ADJECTIVES, TEAM_WORDS } from './names.ts';
import type { Player } from './players.ts';
import { Rng } from './random.ts';
import { draftRookies, draftStartup, fillRosters } from './rosters.ts';

export const REGULAR_SEASON_WEEKS = 14;

interface LeagueSpec {
  name: string;
  format: LeagueFormat;
  owner?: Account;
  isPublic?: boolean;
  /** A league in its first season whose only draft is its startup snake draft (MFL, decision 021). */
  startupOnly?: boolean;
  /** How the owner's team leaves its lineup every week (League.lineupHabit). */
  habit?: 'empty-kicker' | 'injured-starter';
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
/** ESPN has no best ball; the demo's fourth league is public, the others private. */
const DEMO_ESPN: [string, LeagueFormat, Pick<LeagueSpec, 'isPublic' | 'habit'>][] = [
  [
    'ESPN Demo Dynasty PPR',
    { size: 12, qb: '1QB', idp: false, ppr: 1, bestBall: false },
    { habit: 'empty-kicker' },
  ],
  [
    'ESPN Demo Superflex',
    { size: 10, qb: 'SF', idp: false, ppr: 0.5, bestBall: false },
    { habit: 'injured-starter' },
  ],
  ['ESPN Demo IDP', { size: 12, qb: '1QB', idp: true, ppr: 1, bestBall: false }, {}],
  [
    'ESPN Demo Public League',
    { size: 10, qb: '1QB', idp: false, ppr: 0, bestBall: false },
    { isPublic: true },
  ],
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
  demo: Record<Service, Account>;
  bench: Record<Service, Account>;
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
  const others: Record<Service, Account[]> = { mfl: [], sleeper: [], flea: [], espn: [] };
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
          : service === 'espn'
            ? uniqueId(() => String(lr.int(10_000_000, 999_999_999)))
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
            : service === 'sleeper' || service === 'espn'
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
    if (spec.habit && ownerSlot >= 0) league.lineupHabit = { team: teams[ownerSlot].id, habit: spec.habit };
    if (spec.startupOnly) league.draftStatus = 'none';
    else draftRookies(league, lr, rookies, opts.draftAnchorMs);
    fillRosters(league, lr, pool, players, opts.anchorWeek);
    addStartup(league, new Rng(seed, 'startup', service, leagues.length), pool, opts.draftAnchorMs, spec);
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
  // New MFL leagues whose first draft, their startup, is their only draft this season.
  for (let i = 0; i < 30; i++) {
    const format = randomFormat(rng, true);
    make('mfl', {
      name: `${describeFormat(format)} Startup Dynasty #${i + 1}`,
      format,
      isPublic: true,
      startupOnly: true,
    });
  }
  addEspn(seed, season, make, accounts, others.espn, opts.demo.espn, opts.bench.espn);
  return { accounts, leagues };
}

/**
 * ESPN's users and leagues, made after every other league by generators of their own, so the other
 * services' leagues stay as they were: the demo's four, the bench's twenty (private), and a few more.
 */
function addEspn(
  seed: number,
  season: number,
  make: (service: Service, spec: LeagueSpec) => League,
  accounts: Account[],
  mates: Account[],
  demo: Account,
  bench: Account,
) {
  const rng = new Rng(seed, 'espn', season);
  accounts.push(demo, bench);
  const taken = new Set<string>();
  for (let i = 0; i < 200; i++) {
    let handle = '';
    do handle = `${rng.pick(FIRST_NAMES)}${rng.pick(LAST_NAMES)}${rng.int(1, 999)}`;
    while (taken.has(handle));
    taken.add(handle);
    const swid = `{${rng.uuid().toUpperCase()}}`;
    const acct: Account = {
      key: `espn:${swid}`,
      service: 'espn',
      login: swid,
      userId: swid,
      displayName: handle,
      avatar: rng.hex(32),
      // ESPN's session cookie: long, URL-encoded (signed by the world's seed, as MFL's cookies are).
      espnS2: `AEB${rng.hex(40)}%2B${rng.hex(120)}%2F${rng.hex(60)}%3D`,
    };
    mates.push(acct);
    accounts.push(acct);
  }
  for (const [name, format, extra] of DEMO_ESPN) make('espn', { name, format, owner: demo, ...extra });
  for (let i = 0; i < 20; i++)
    make('espn', { name: `Bench ESPN League ${i + 1}`, format: espnFormat(rng), owner: bench });
  for (let i = 0; i < 6; i++) {
    const format = espnFormat(rng);
    make('espn', { name: `${describeFormat(format)} ESPN League #${i + 1}`, format, isPublic: i % 2 === 0 });
  }
}

function espnFormat(rng: Rng): LeagueFormat {
  return { ...randomFormat(rng, false), bestBall: false };
}

const DAY_S = 86_400;

/**
 * Gives some leagues a startup (decision 021), by a generator of their own so no other league
 * changes: seven in ten Sleeper leagues (snake or auction, some weeks before their rookie draft), a third
 * of the public MFL leagues (an auction before the rookie draft), and the MFL leagues whose only draft
 * is their startup (snake).
 */
export function addStartup(
  league: League,
  r: Rng,
  players: Player[],
  anchorMs: number,
  spec: { isPublic?: boolean; startupOnly?: boolean },
): void {
  const anchor = Math.floor(anchorMs / 1000);
  if (spec.startupOnly) {
    draftStartup(
      league,
      r,
      players,
      'snake',
      anchor - r.int(3, 80) * DAY_S - r.int(0, DAY_S - 1),
      0,
      league.id,
    );
    return;
  }
  if (league.service === 'flea' || league.service === 'espn' || league.draft.picks.length === 0) return;
  if (league.service === 'mfl' && !spec.isPublic) return;
  if (!r.chance(league.service === 'sleeper' ? 0.7 : 0.3)) return;
  const kind = league.service === 'mfl' || r.chance(0.4) ? 'auction' : 'snake';
  const startedAt = league.draft.startedAt - r.int(7, 40) * DAY_S - r.int(0, DAY_S - 1);
  // Sleeper's draft ids of this world start with 1; a startup's with 2, so they never meet.
  const id = league.service === 'sleeper' ? `2${league.draft.id.slice(1)}` : league.id;
  draftStartup(league, r, players, kind, startedAt, league.service === 'mfl' ? 1000 : 200, id);
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
export function roundRobin(size: number): [number, number][][] {
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

/** The team's players in the world's player objects. */
export function rosterOf(team: LeagueTeam, all: Player[]): Player[] {
  return team.players.map((i) => all[i]);
}

/** Players who can start: not on the taxi squad or injured reserve. */
export function activeRoster(team: LeagueTeam, all: Player[]): Player[] {
  return team.players.filter((i) => !team.taxi.includes(i) && !team.ir.includes(i)).map((i) => all[i]);
}
