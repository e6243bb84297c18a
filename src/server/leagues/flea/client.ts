import type { z } from 'zod';
import type { Loader } from '#server/cache.ts';
import { privateScope, ttl } from '../cache-policy.ts';
import { isLeagueError, leagueError } from '../errors.ts';
import type { ServiceHttp } from '../http.ts';
import {
  type FleaLeagueRoster,
  type FleaLeagueRules,
  type FleaListedPlayer,
  type FleaPlayerListing,
  type FleaRoster,
  type FleaTrade,
  type FleaUserLeague,
  fleaLeagueRostersSchema,
  fleaLeagueRulesSchema,
  fleaPlayerListingSchema,
  fleaRosterSchema,
  fleaTradesSchema,
  fleaUserLeaguesSchema,
} from './schemas.ts';

export interface FleaPeriod {
  season?: number;
  scoringPeriod?: number;
}

export interface FleaListingFilters {
  freeAgentOnly?: boolean;
  /** e.g. RB; sent as filter.position.eligibility. */
  position?: string;
  /** Name search. */
  query?: string;
  playerIds?: number[];
  sort?: string;
  sortSeason?: number;
  /** Adds externalIds (e.g. SPORTRADAR) to each player. */
  externalIdType?: string;
}

export interface FleaClient {
  /** The leagues of the account with this e-mail (an unknown e-mail has none). */
  userLeagues(email: string, season?: number): Promise<FleaUserLeague[]>;
  leagueRosters(
    leagueId: string,
    options?: FleaPeriod & { externalIdType?: string },
  ): Promise<FleaLeagueRoster[]>;
  leagueRules(leagueId: string): Promise<FleaLeagueRules>;
  /** One page (30 players) of the listing, from result_offset. */
  playerListing(
    leagueId: string | undefined,
    filters?: FleaListingFilters,
    offset?: number,
  ): Promise<FleaPlayerListing>;
  /** Page after page until the listing ends or maxPages were read. */
  allPlayers(
    leagueId: string | undefined,
    filters?: FleaListingFilters,
    maxPages?: number,
  ): Promise<FleaListedPlayer[]>;
  roster(leagueId: string, teamId: string, options?: FleaPeriod): Promise<FleaRoster>;
  /** The league's completed trades, page after page (Fleaflicker pages them) until the list ends or maxPages were read. */
  trades(leagueId: string, maxPages?: number): Promise<FleaTrade[]>;
}

export interface FleaClientOptions {
  http: ServiceHttp;
  /** e.g. https://www.fleaflicker.com/api */
  apiUrl: string;
  load: Loader;
}

/** Fleaflicker pages its player listing by 30. */
export const fleaPageSize = 30;

function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw leagueError('flea', 'unreadable');
  return result.data;
}

export function createFleaClient(options: FleaClientOptions): FleaClient {
  const { http, load } = options;
  const base = options.apiUrl.replace(/\/+$/, '');

  function url(
    method: string,
    params: Record<string, string | number | boolean | undefined | (string | number)[]>,
  ): string {
    const query = new URLSearchParams({ sport: 'NFL' });
    for (const [key, value] of Object.entries(params)) {
      if (value === undefined || value === '') continue;
      if (Array.isArray(value)) for (const v of value) query.append(key, String(v));
      else query.set(key, String(value));
    }
    return `${base}/${method}?${query}`;
  }

  const cacheKey = (method: string, params: Record<string, unknown>) =>
    `flea:${method}:${Object.entries(params)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : v}`)
      .join('&')}`;

  async function playerListing(leagueId: string | undefined, filters: FleaListingFilters = {}, offset = 0) {
    const params = {
      league_id: leagueId,
      'filter.free_agent_only': filters.freeAgentOnly ? true : undefined,
      'filter.position.eligibility': filters.position,
      'filter.query': filters.query,
      'filter.player_id': filters.playerIds,
      sort: filters.sort,
      sort_season: filters.sortSeason,
      external_id_type: filters.externalIdType,
      result_offset: offset || undefined,
    };
    return load(cacheKey('FetchPlayerListing', params), ttl.statuses, async () =>
      parse(fleaPlayerListingSchema, await http.getJson(url('FetchPlayerListing', params))),
    );
  }

  return {
    userLeagues(email, season) {
      const address = email.trim().toLowerCase();
      // The e-mail is personal: the key holds a one-way digest of it, never the address.
      return load(
        `flea:FetchUserLeagues:${privateScope(address)}:${season ?? ''}`,
        ttl.leagueList,
        async () => {
          let body: unknown;
          try {
            body = await http.getJson(url('FetchUserLeagues', { email: address, season }));
          } catch (e) {
            // An e-mail Fleaflicker does not know may come back as a 4xx: it simply has no leagues.
            if (isLeagueError(e, 'not-found') || isLeagueError(e, 'rejected')) return [];
            throw e;
          }
          return parse(fleaUserLeaguesSchema, body).leagues;
        },
      );
    },

    leagueRosters(leagueId, { season, scoringPeriod, externalIdType } = {}) {
      const params = {
        league_id: leagueId,
        season,
        scoring_period: scoringPeriod,
        external_id_type: externalIdType,
      };
      return load(
        cacheKey('FetchLeagueRosters', params),
        ttl.rosters,
        async () =>
          parse(fleaLeagueRostersSchema, await http.getJson(url('FetchLeagueRosters', params))).rosters,
      );
    },

    leagueRules(leagueId) {
      const params = { league_id: leagueId };
      return load(cacheKey('FetchLeagueRules', params), ttl.leagueSettings, async () =>
        parse(fleaLeagueRulesSchema, await http.getJson(url('FetchLeagueRules', params))),
      );
    },

    playerListing,

    async allPlayers(leagueId, filters = {}, maxPages = 100) {
      const players: FleaListedPlayer[] = [];
      let offset = 0;
      for (let page = 0; page < maxPages; page++) {
        const listing = await playerListing(leagueId, filters, offset);
        players.push(...listing.players);
        const next = listing.resultOffsetNext;
        const total = listing.resultTotal ?? Number.POSITIVE_INFINITY;
        if (listing.players.length === 0 || next == null || next <= offset || next >= total) break;
        offset = next;
      }
      return players;
    },

    roster(leagueId, teamId, { season, scoringPeriod } = {}) {
      const params = { league_id: leagueId, team_id: teamId, season, scoring_period: scoringPeriod };
      return load(cacheKey('FetchRoster', params), ttl.rosters, async () =>
        parse(fleaRosterSchema, await http.getJson(url('FetchRoster', params))),
      );
    },

    async trades(leagueId, maxPages = 20) {
      const trades: FleaTrade[] = [];
      let offset = 0;
      for (let page = 0; page < maxPages; page++) {
        const params = { league_id: leagueId, filter: 'TRADES_COMPLETED', result_offset: offset };
        const answer = await load(cacheKey('FetchTrades', params), ttl.drafts, async () =>
          parse(fleaTradesSchema, await http.getJson(url('FetchTrades', params))),
        );
        trades.push(...answer.trades);
        const next = answer.resultOffsetNext;
        if (answer.trades.length === 0 || next == null || next <= offset) break;
        offset = next;
      }
      return trades;
    },
  };
}
