/** The simulated world: one seeded season, its players, accounts and leagues, and the lineups set in it. */
import { DEMO_ACCOUNTS } from '../accounts.ts';
import type { Account, League, LeagueTeam, Service } from './league.ts';
import { activeRoster, buildLeagues } from './leagues.ts';
import { bestGroupLineup, bestSlotLineup, keepHabit } from './lineups.ts';
import { buildPlayers, injuryAt, type Player } from './players.ts';
import { Population } from './population.ts';
import { Rng } from './random.ts';
import { buildSchedule, SeasonCalendar } from './schedule.ts';
import { Scoring } from './scoring.ts';

export interface WorldOptions {
  seed: number;
  season: number;
  /** The clock when the world is made; rookie drafts took place in the 90 days before it. */
  anchorMs: number;
}

export class World {
  readonly seed: number;
  readonly season: number;
  readonly anchorMs: number;
  readonly calendar: SeasonCalendar;
  readonly players: Player[];
  readonly byMfl: Map<string, Player>;
  readonly bySleeper: Map<string, Player>;
  readonly byFlea: Map<number, Player>;
  readonly scoring: Scoring;
  readonly accounts: Account[];
  readonly leagues: League[];
  /** Public leagues found only through MFL's search and Sleeper's user graph, built on demand. */
  readonly population: Population;
  readonly demo: Record<Service, Account>;
  readonly bench: Record<Service, Account>;
  /** NFL team rankings shown in MFL's schedule (pass/rush offense/defense), by team code. */
  readonly ranks: Map<string, [number, number, number, number]>;
  private readonly leagueIndex = new Map<string, League>();
  private readonly accountIndex = new Map<string, Account>();
  private readonly defaults = new Map<string, Player[]>();
  /** Lineups set through MFL's lineup import, by `${league}:${team}:${week}`. */
  private readonly overrides = new Map<string, Player[]>();

  constructor(opts: WorldOptions) {
    this.seed = opts.seed;
    this.season = opts.season;
    this.anchorMs = opts.anchorMs;
    this.calendar = new SeasonCalendar(opts.season, buildSchedule(opts.seed, opts.season));
    const pool = buildPlayers(opts.seed, opts.season);
    this.players = pool.players;
    this.byMfl = pool.byMfl;
    this.bySleeper = pool.bySleeper;
    this.byFlea = pool.byFlea;
    this.scoring = new Scoring(opts.seed, this.calendar);
    const rng = new Rng(opts.seed, 'accounts');
    const acct = (
      service: Service,
      login: string,
      userId: string,
      displayName: string,
      extra?: Partial<Account>,
    ): Account => ({
      key: `${service}:${login}`,
      service,
      login,
      userId,
      displayName,
      avatar: rng.hex(32),
      ...extra,
    });
    const d = DEMO_ACCOUNTS;
    const demo = {
      mfl: acct('mfl', d.demo.mfl.username, '1', 'demo', {
        password: d.demo.mfl.password,
        apiKey: d.demo.mfl.apiKey,
      }),
      sleeper: acct('sleeper', d.demo.sleeper.username, d.demo.sleeper.userId, d.demo.sleeper.displayName),
      flea: acct('flea', d.demo.flea.email, '1', 'Demo'),
    };
    const bench = {
      mfl: acct('mfl', d.bench.mfl.username, '2', 'bench', {
        password: d.bench.mfl.password,
        apiKey: d.bench.mfl.apiKey,
      }),
      sleeper: acct('sleeper', d.bench.sleeper.username, d.bench.sleeper.userId, d.bench.sleeper.displayName),
      flea: acct('flea', d.bench.flea.email, '2', 'Bench'),
    };
    // ESPN's accounts come after the others' so their avatars stay as they were.
    const espn = (who: typeof d.demo.espn | typeof d.bench.espn, name: string) =>
      acct('espn', who.swid, who.swid, name, { espnS2: who.espnS2 });
    this.demo = { ...demo, espn: espn(d.demo.espn, 'DynastyDemo') };
    this.bench = { ...bench, espn: espn(d.bench.espn, 'BenchUser') };
    const built = buildLeagues({
      seed: opts.seed,
      season: opts.season,
      players: this.players,
      anchorWeek: this.calendar.defaultWeek(opts.anchorMs),
      draftAnchorMs: opts.anchorMs,
      demo: this.demo,
      bench: this.bench,
    });
    this.accounts = built.accounts;
    this.leagues = built.leagues;
    for (const l of this.leagues) this.leagueIndex.set(`${l.service}:${l.id}`, l);
    for (const a of this.accounts) this.accountIndex.set(a.key, a);
    const special = new Set([this.demo.sleeper.key, this.bench.sleeper.key]);
    this.population = new Population({
      seed: opts.seed,
      season: opts.season,
      anchorMs: opts.anchorMs,
      anchorWeek: this.calendar.defaultWeek(opts.anchorMs),
      players: this.players,
      sleeperMates: this.accounts.filter((a) => a.service === 'sleeper' && !special.has(a.key)),
    });
    const rankRng = new Rng(opts.seed, 'ranks');
    const perm = () => rankRng.shuffle(Array.from({ length: 32 }, (_, i) => i + 1));
    const [a, b, c, e] = [perm(), perm(), perm(), perm()];
    this.ranks = new Map();
    const codes = [
      ...new Set(this.calendar.weeks.flatMap((w) => w.games.flatMap((g) => [g.home, g.away]))),
    ].sort();
    codes.forEach((code, i) => {
      this.ranks.set(code, [a[i], b[i], c[i], e[i]]);
    });
  }

  league(service: Service, id: string): League | undefined {
    return this.leagueIndex.get(`${service}:${id}`) ?? this.population.league(service, id);
  }

  /** The Sleeper league a draft id belongs to. */
  sleeperLeagueByDraft(draftId: string): League | undefined {
    return (
      this.leagues.find(
        (l) => l.service === 'sleeper' && (l.draft.id === draftId || l.startup?.id === draftId),
      ) ?? this.population.sleeperLeagueByDraft(draftId)
    );
  }

  account(service: Service, login: string): Account | undefined {
    return this.accountIndex.get(`${service}:${login}`);
  }

  accountByKey(key: string): Account | undefined {
    return this.accountIndex.get(key) ?? this.population.account(key);
  }

  leaguesOf(account: Account): League[] {
    const own = this.accountIndex.get(account.key) === account;
    return [
      ...(own
        ? this.leagues.filter(
            (l) => l.service === account.service && l.teams.some((t) => t.ownerKey === account.key),
          )
        : []),
      ...(account.service === 'sleeper' ? this.population.leaguesOf(account) : []),
    ];
  }

  teamOf(league: League, account: Account): LeagueTeam | undefined {
    return league.teams.find((t) => t.ownerKey === account.key);
  }

  player(idx: number): Player {
    return this.players[idx];
  }

  /** The MFL starters of a team for a week (a lineup set by import, the manager's usual choice, or best ball's pick). */
  starters(league: League, team: LeagueTeam, week: number, nowMs: number): Player[] {
    const roster = activeRoster(team, this.players);
    const ppr = league.format.ppr;
    if (league.format.bestBall) {
      return bestGroupLineup(roster, league.mfl.groups, league.mfl.count, (p) =>
        this.bestBallValue(p, week, ppr, nowMs),
      );
    }
    const key = `${league.service}:${league.id}:${team.id}:${week}`;
    const set = this.overrides.get(key);
    if (set) return set;
    let lineup = this.defaults.get(key);
    if (!lineup) {
      // About a third of managers set lineups from last week's news and leave injured players in.
      const careless = new Rng(this.seed, 'careless', key).chance(0.33);
      lineup = bestGroupLineup(roster, league.mfl.groups, league.mfl.count, (p) =>
        this.scoring.projection(p, week, ppr, careless),
      );
      this.defaults.set(key, lineup);
    }
    return lineup;
  }

  /** Sleeper, Fleaflicker and ESPN starters, in the league's slot order (undefined = empty slot). */
  slotStarters(league: League, team: LeagueTeam, week: number, nowMs: number): (Player | undefined)[] {
    const roster = activeRoster(team, this.players);
    const ppr = league.format.ppr;
    if (league.format.bestBall) {
      return bestSlotLineup(roster, league.slots, (p) => this.bestBallValue(p, week, ppr, nowMs));
    }
    const careless = new Rng(this.seed, 'careless', league.id, team.id, week).chance(0.33);
    const lineup = bestSlotLineup(roster, league.slots, (p) =>
      this.scoring.projection(p, week, ppr, careless),
    );
    const habit = league.lineupHabit;
    if (habit?.team !== team.id) return lineup;
    return keepHabit(lineup, league.slots, roster, habit.habit, (p) => {
      const s = injuryAt(p, week)?.status;
      return s === 'Questionable' || s === 'Doubtful' || s === 'Out' || s === 'IR';
    });
  }

  private bestBallValue(p: Player, week: number, ppr: number, nowMs: number): number {
    const pts = this.scoring.points(p, week, ppr, nowMs);
    return pts ?? this.scoring.projection(p, week, ppr) / 1000;
  }

  setStarters(league: League, team: LeagueTeam, week: number, starters: Player[]) {
    this.overrides.set(`${league.service}:${league.id}:${team.id}:${week}`, starters);
  }

  /** Forgets every lineup set since the world was made. */
  resetLineups() {
    this.overrides.clear();
  }
}
