import type { Loader } from '#server/cache.ts';
import { privateScope, ttl } from '../cache-policy.ts';
import { leagueError } from '../errors.ts';
import type { ServiceHttp } from '../http.ts';
import { parseImportAnswer } from './parse.ts';
import {
  type MflAdp,
  type MflAuctionUnit,
  type MflDraftUnit,
  type MflFoundLeague,
  type MflFreeAgent,
  type MflInjury,
  type MflLeague,
  type MflLiveScoring,
  type MflMyLeague,
  type MflNflWeek,
  type MflPlayer,
  type MflPlayerStatus,
  type MflPositionRules,
  type MflRoster,
  type MflTradeRow,
  type MflWeeklyResults,
  readAdp,
  readAuctionResults,
  readDraftResults,
  readFreeAgents,
  readFullNflSchedule,
  readInjuries,
  readLeague,
  readLeagueSearch,
  readLiveScoring,
  readMyLeagues,
  readNflSchedule,
  readPlayerStatuses,
  readPlayers,
  readProjectedScores,
  readRosters,
  readRules,
  readTrades,
  readWeeklyResults,
} from './schemas.ts';
import { createMflSession, type MflLeagueRef, type MflParams } from './session.ts';

/** MFL's TYPE=adp query parameters for the filters (an absent one is left out of the address). */
export function adpParams(filters: MflAdpFilters): MflParams {
  return {
    PERIOD: filters.period,
    FCOUNT: filters.fcount,
    IS_PPR: filters.isPpr,
    IS_KEEPER: filters.isKeeper,
    IS_MOCK: filters.isMock,
    CUTOFF: filters.cutoff,
    DETAILS: filters.details ? 1 : undefined,
  };
}

export interface MflCallOptions {
  /** The visitor's MFL_USER_ID value, needed for private leagues and for writes. */
  cookie?: string;
}

/** ADP filters as MFL documents them (see league-services.md 1.4); one season per answer (the year). */
export interface MflAdpFilters {
  period?: string;
  /** League size: 8, 10, 12, 14, 16 (16 means 16+); 0 or absent means all. */
  fcount?: number;
  /** -1 all, 0 non-PPR, 1 PPR. */
  isPpr?: -1 | 0 | 1;
  /** N redraft, K keeper, R rookie-only; comma-joined letters are allowed. */
  isKeeper?: string;
  /** -1 all, 0 real drafts only, 1 mock only. */
  isMock?: -1 | 0 | 1;
  /** Minimum share of drafts (percent) a player must be in to be listed; MFL calls results below 5 unpredictable. */
  cutoff?: number;
  details?: boolean;
  // No TIME or DAYS: neither is documented (DAYS is said to be ignored), so nothing may rely on them.
}

export interface MflLineup {
  week: number;
  starters: string[];
  comments?: string;
}

export interface MflClient {
  /** The season MFL is in now (January and February still count as last season). */
  seasonYear(): number;
  /**
   * MFL's clock (epoch ms): ours, corrected by the Date of MFL's latest answer when the two differ
   * by more than the header's one-second grain. Lineup locks follow MFL's time.
   */
  now(): number;
  /** Signs in and answers the MFL_USER_ID cookie value. The password is sent to MFL and nowhere else. */
  login(username: string, password: string): Promise<string>;
  myLeagues(cookie: string, year?: number): Promise<MflMyLeague[]>;
  league(league: MflLeagueRef, options?: MflCallOptions): Promise<MflLeague>;
  rosters(league: MflLeagueRef, options?: MflCallOptions & { week?: number }): Promise<MflRoster[]>;
  /** The whole player database with details, cached for a day. */
  players(year?: number): Promise<MflPlayer[]>;
  /**
   * The players with these ids: from the day's database when it has them, the others (new rookies,
   * a database cached before they were added) asked of MFL by id once and cached. Ids MFL does
   * not know are left out.
   */
  playersById(ids: string[], year?: number): Promise<Map<string, MflPlayer>>;
  injuries(week?: number, year?: number): Promise<{ week: number | null; injuries: MflInjury[] }>;
  projectedScores(
    league: MflLeagueRef,
    week: number,
    options?: MflCallOptions,
  ): Promise<{ id: string; score: number | null }[]>;
  liveScoring(league: MflLeagueRef, week: number, options?: MflCallOptions): Promise<MflLiveScoring>;
  weeklyResults(
    league: MflLeagueRef,
    week: number | 'YTD',
    options?: MflCallOptions,
  ): Promise<MflWeeklyResults>;
  /** One week of NFL games, scores and clocks; without a week, the current week. */
  nflSchedule(week?: number, year?: number): Promise<MflNflWeek>;
  /** The whole season (W=ALL). */
  fullNflSchedule(year?: number): Promise<MflNflWeek[]>;
  /** The current NFL week; 0 off-season. */
  currentWeek(year?: number): Promise<number>;
  playerStatus(
    league: MflLeagueRef,
    playerIds: string[],
    options?: MflCallOptions,
  ): Promise<MflPlayerStatus[]>;
  freeAgents(league: MflLeagueRef, options?: MflCallOptions & { position?: string }): Promise<MflFreeAgent[]>;
  draftResults(league: MflLeagueRef, options?: MflCallOptions): Promise<MflDraftUnit[]>;
  /** The league's auctions: each player sold, his price and when (a startup auction, decision 021). */
  auctionResults(league: MflLeagueRef, options?: MflCallOptions): Promise<MflAuctionUnit[]>;
  /** The league's completed trades this season (each franchise's side as what it gave up). */
  trades(league: MflLeagueRef, options?: MflCallOptions): Promise<MflTradeRow[]>;
  /** Scoring rules per position group. */
  rules(league: MflLeagueRef, options?: MflCallOptions): Promise<MflPositionRules[]>;
  adp(filters?: MflAdpFilters, year?: number): Promise<MflAdp>;
  /** Public leagues whose name contains `search` (at least 3 characters), in one season. */
  leagueSearch(search: string, year?: number): Promise<MflFoundLeague[]>;
  /** Sends a week's lineup; MFL's refusal is thrown with MFL's own words (status 400). */
  importLineup(league: MflLeagueRef, cookie: string, lineup: MflLineup): Promise<void>;
}

export interface MflClientOptions {
  http: ServiceHttp;
  /** e.g. https://api.myfantasyleague.com (no year). */
  apiUrl: string;
  load: Loader;
  now?: () => number;
}

/** Player ids per playerStatus or players request, keeping URLs short. */
const statusChunk = 50;

// The player database is one shared array per day: index it once.
const playerIndexes = new WeakMap<MflPlayer[], Map<string, MflPlayer>>();
function indexPlayers(players: MflPlayer[]): Map<string, MflPlayer> {
  let index = playerIndexes.get(players);
  if (!index) {
    index = new Map(players.map((p) => [p.id, p]));
    playerIndexes.set(players, index);
  }
  return index;
}

/**
 * MFL's exports (TYPE=…), each read through its schema and cached by how fast it changes, and the
 * lineup import; the way to MFL (hosts, cookie, login, clock) is the session's.
 */
export function createMflClient(options: MflClientOptions): MflClient {
  const { load } = options;
  const session = createMflSession(options);
  const { apiUrl, seasonYear, hostOf, yearOf, exportJson } = session;
  const scopeOf = (cookie: string | undefined) => (cookie ? privateScope(cookie) : 'public');

  /** Cache keys hold the service, export, season, league, whose view (cookie digest) and arguments. */
  const argsOf = (params: MflParams) =>
    Object.entries(params)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
  const leagueKey = (type: string, league: MflLeagueRef, cookie: string | undefined, params: MflParams) =>
    `mfl:${type}:${yearOf(league)}:${league.league_id}:${scopeOf(cookie)}:${argsOf(params)}`;

  function leagueExport<T>(
    type: string,
    league: MflLeagueRef,
    cookie: string | undefined,
    ttlMs: number,
    params: MflParams,
    read: (body: unknown) => T,
  ): Promise<T> {
    return load(leagueKey(type, league, cookie, params), ttlMs, async () =>
      read(
        await exportJson(
          hostOf(league),
          yearOf(league),
          { TYPE: type, L: league.league_id, ...params },
          cookie,
        ),
      ),
    );
  }

  function apiExport<T>(
    type: string,
    year: number,
    ttlMs: number,
    params: MflParams,
    read: (body: unknown) => T,
    timeoutMs?: number,
  ): Promise<T> {
    return load(`mfl:${type}:${year}:${argsOf(params)}`, ttlMs, async () =>
      read(await exportJson(apiUrl, year, { TYPE: type, ...params }, undefined, timeoutMs)),
    );
  }

  function nflSchedule(week?: number, year = seasonYear()): Promise<MflNflWeek> {
    return apiExport(
      'nflSchedule',
      year,
      week === undefined ? ttl.currentWeek : ttl.live,
      { W: week },
      readNflSchedule,
    );
  }

  function players(year = seasonYear()) {
    const read = (body: unknown) => readPlayers(body).players;
    return apiExport('players', year, ttl.playerDatabase, { DETAILS: 1 }, read, 60_000);
  }

  return {
    seasonYear,
    now: session.now,
    login: session.login,
    players,

    async playersById(ids, year = seasonYear()) {
      const wanted = [...new Set(ids.filter((id) => /^\d{1,10}$/.test(id)))];
      const found = new Map<string, MflPlayer>();
      const all = await players(year).catch(() => undefined);
      const index = all ? indexPlayers(all) : new Map<string, MflPlayer>();
      for (const id of wanted) {
        const p = index.get(id);
        if (p) found.set(id, p);
      }
      const rest = wanted.filter((id) => !found.has(id)).sort();
      const chunks: string[][] = [];
      for (let i = 0; i < rest.length; i += statusChunk) chunks.push(rest.slice(i, i + statusChunk));
      const read = (body: unknown) => readPlayers(body).players;
      const lists = await Promise.all(
        chunks.map((chunk) =>
          apiExport('players', year, ttl.playerDatabase, { PLAYERS: chunk.join(','), DETAILS: 1 }, read),
        ),
      );
      for (const p of lists.flat()) found.set(p.id, p);
      return found;
    },
    nflSchedule,

    myLeagues(cookie, year = seasonYear()) {
      return load(`mfl:myleagues:${year}:${privateScope(cookie)}`, ttl.leagueList, async () =>
        readMyLeagues(
          await exportJson(apiUrl, year, { TYPE: 'myleagues', FRANCHISE_NAMES: 1, YEAR: year }, cookie),
        ),
      );
    },

    league(league, { cookie } = {}) {
      return leagueExport('league', league, cookie, ttl.leagueSettings, {}, readLeague);
    },

    rosters(league, { cookie, week } = {}) {
      return leagueExport('rosters', league, cookie, ttl.rosters, { W: week }, readRosters);
    },

    injuries(week, year = seasonYear()) {
      return apiExport('injuries', year, ttl.statuses, { W: week }, (body) => {
        const { week: w, injuries } = readInjuries(body);
        return { week: w, injuries };
      });
    },

    async projectedScores(league, week, { cookie } = {}) {
      const read = (body: unknown) => readProjectedScores(body).scores;
      return leagueExport('projectedScores', league, cookie, ttl.projections, { W: week }, read);
    },

    liveScoring(league, week, { cookie } = {}) {
      return leagueExport('liveScoring', league, cookie, ttl.live, { W: week, DETAILS: 1 }, readLiveScoring);
    },

    weeklyResults(league, week, { cookie } = {}) {
      return leagueExport('weeklyResults', league, cookie, ttl.live, { W: week }, readWeeklyResults);
    },

    fullNflSchedule(year = seasonYear()) {
      return apiExport('nflSchedule', year, ttl.season, { W: 'ALL' }, readFullNflSchedule);
    },

    async currentWeek(year = seasonYear()) {
      return (await nflSchedule(undefined, year)).week;
    },

    async playerStatus(league, playerIds, { cookie } = {}) {
      const ids = [...new Set(playerIds.map((id) => id.trim()).filter((id) => /^\d{1,10}$/.test(id)))];
      const chunks: string[][] = [];
      for (let i = 0; i < ids.length; i += statusChunk) chunks.push(ids.slice(i, i + statusChunk));
      const results = await Promise.all(
        chunks.map((chunk) =>
          leagueExport(
            'playerStatus',
            league,
            cookie,
            ttl.statuses,
            { P: chunk.join(',') },
            readPlayerStatuses,
          ),
        ),
      );
      return results.flat();
    },

    freeAgents(league, { cookie, position } = {}) {
      return leagueExport('freeAgents', league, cookie, ttl.statuses, { POSITION: position }, readFreeAgents);
    },

    draftResults(league, { cookie } = {}) {
      return leagueExport('draftResults', league, cookie, ttl.drafts, {}, readDraftResults);
    },

    auctionResults(league, { cookie } = {}) {
      return leagueExport('auctionResults', league, cookie, ttl.drafts, {}, readAuctionResults);
    },

    trades(league, { cookie } = {}) {
      return leagueExport('transactions', league, cookie, ttl.drafts, { TRANS_TYPE: 'TRADE' }, readTrades);
    },

    rules(league, { cookie } = {}) {
      return leagueExport('rules', league, cookie, ttl.leagueSettings, {}, readRules);
    },

    leagueSearch(search, year = seasonYear()) {
      return apiExport(
        'leagueSearch',
        year,
        ttl.leagueList,
        { SEARCH: search, YEAR: year },
        readLeagueSearch,
      );
    },

    adp(filters = {}, year = seasonYear()) {
      return apiExport('adp', year, ttl.adp, adpParams(filters), readAdp);
    },

    async importLineup(league, cookie, lineup) {
      const form = new URLSearchParams({ W: String(lineup.week), STARTERS: lineup.starters.join(',') });
      if (lineup.comments) form.set('COMMENTS', lineup.comments);
      const answer = parseImportAnswer(await session.importForm(league, 'lineup', form, cookie));
      if (!answer.ok) {
        if (answer.notLoggedIn) throw leagueError('mfl', 'not-logged-in', answer.error);
        throw leagueError('mfl', 'rejected', answer.error, { statusCode: 400 });
      }
      // The week's read-back must show the new lineup, not a cached old one.
      await Promise.all([
        load.forget(leagueKey('weeklyResults', league, cookie, { W: lineup.week })),
        load.forget(leagueKey('liveScoring', league, cookie, { W: lineup.week, DETAILS: 1 })),
      ]);
    },
  };
}
