import type { z } from 'zod';
import type { Loader } from '#server/cache.ts';
import { privateScope, ttl } from '../cache-policy.ts';
import { leagueError } from '../errors.ts';
import type { ServiceHttp } from '../http.ts';
import {
  type EspnLeague,
  type EspnPlayerInfo,
  type EspnProSchedule,
  espnFanSchema,
  espnLeagueSchema,
  espnPlayerInfoSchema,
  espnProScheduleSchema,
} from './schemas.ts';

/*
 * ESPN's fantasy football read API (v3, games/ffl): unofficial, undocumented, read as ESPN's own
 * pages read it. A public league answers anyone; a private one only with a member's `SWID` and
 * `espn_s2` cookies, which expire. The cookies go to ESPN and nowhere else: cache keys hold a
 * one-way digest of them, never the values.
 */

/** A member's ESPN cookies: SWID is `{GUID}`, espn_s2 a long token. */
export interface EspnAuth {
  swid: string;
  espnS2: string;
}

export type EspnView = 'mTeam' | 'mRoster' | 'mSettings';

export interface EspnLeagueRead {
  auth?: EspnAuth;
  /** The scoring period (week) whose lineups mRoster shows; ESPN's current one by default. */
  week?: number;
  season?: number;
}

/** A league the fan API lists for a member: its id, the member's team there, and the season. */
export interface EspnFanLeague {
  league_id: string;
  team_id: string;
  season: number;
  name?: string;
}

export interface EspnClient {
  /** The NFL season ESPN's leagues are in now (January and February still count as last season). */
  seasonYear(): number;
  /** The league with the views asked for; 401 (private) and 404 (no such league) say so plainly. */
  league(leagueId: string, views: readonly EspnView[], read?: EspnLeagueRead): Promise<EspnLeague>;
  /** The league's best free agents (and players on waivers), most owned first. */
  freeAgents(
    leagueId: string,
    read: EspnLeagueRead & { slotIds?: number[]; limit?: number },
  ): Promise<EspnPlayerInfo['players']>;
  /** Every NFL team's bye week this season. */
  proSchedule(season?: number): Promise<EspnProSchedule>;
  /**
   * The fantasy football leagues ESPN's fan API lists for the member (this season's and last).
   * Its shape is not documented: what it does not show is simply not found (an empty list).
   */
  fanLeagues(auth: EspnAuth): Promise<EspnFanLeague[]>;
}

export interface EspnClientOptions {
  http: ServiceHttp;
  /** e.g. https://lm-api-reads.fantasy.espn.com */
  apiUrl: string;
  /** e.g. https://fan.api.espn.com */
  fanApiUrl: string;
  load: Loader;
  seasonYear: () => number;
}

function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw leagueError('espn', 'unreadable');
  return result.data;
}

const cookieOf = (auth: EspnAuth) => `SWID=${auth.swid}; espn_s2=${auth.espnS2}`;
const scopeOf = (auth?: EspnAuth) => (auth ? privateScope(cookieOf(auth)) : 'public');

export const ESPN_PRIVATE_LEAGUE =
  'ESPN did not let us read this league: it is private, and the ESPN cookies (espn_s2 and SWID) are missing or have expired. Connect ESPN again with fresh cookies.';

export const ESPN_COOKIES_REFUSED =
  'ESPN did not accept these cookies: copy espn_s2 and SWID again from a browser signed in to ESPN.';

export function createEspnClient(options: EspnClientOptions): EspnClient {
  const { http, load, seasonYear } = options;
  const base = options.apiUrl.replace(/\/+$/, '');
  const fanBase = options.fanApiUrl.replace(/\/+$/, '');
  const headers = (auth?: EspnAuth): Record<string, string> => ({
    accept: 'application/json',
    'x-fantasy-source': 'kona',
    ...(auth ? { cookie: cookieOf(auth) } : {}),
  });

  /** A league URL's answer: 401 and 404 become the visitor's plain words, the body is parsed. */
  async function leagueGet<S extends z.ZodType>(
    leagueId: string,
    url: string,
    schema: S,
    auth: EspnAuth | undefined,
    extra: Record<string, string> = {},
  ): Promise<z.output<S>> {
    const res = await http.send({ url, headers: { ...headers(auth), ...extra }, passStatuses: [401, 404] });
    if (res.status === 401) throw leagueError('espn', 'not-logged-in', ESPN_PRIVATE_LEAGUE);
    if (res.status === 404)
      throw leagueError('espn', 'not-found', `ESPN has no league ${leagueId} this season.`);
    let body: unknown;
    try {
      body = JSON.parse(res.text);
    } catch {
      throw leagueError('espn', 'unreadable');
    }
    return parse(schema, body);
  }

  const leagueUrl = (leagueId: string, season: number, query: URLSearchParams) =>
    `${base}/apis/v3/games/ffl/seasons/${season}/segments/0/leagues/${encodeURIComponent(leagueId)}?${query}`;

  return {
    seasonYear,

    league(leagueId, views, read = {}) {
      const season = read.season ?? seasonYear();
      const query = new URLSearchParams();
      if (read.week !== undefined) query.set('scoringPeriodId', String(read.week));
      for (const view of [...views].sort()) query.append('view', view);
      const key = `espn:league:${scopeOf(read.auth)}:${season}:${leagueId}:${query}`;
      const fresh = views.includes('mRoster') ? ttl.rosters : ttl.leagueSettings;
      return load(key, fresh, () =>
        leagueGet(leagueId, leagueUrl(leagueId, season, query), espnLeagueSchema, read.auth),
      );
    },

    async freeAgents(leagueId, read) {
      const season = read.season ?? seasonYear();
      const query = new URLSearchParams({ view: 'kona_player_info' });
      if (read.week !== undefined) query.set('scoringPeriodId', String(read.week));
      const filter = JSON.stringify({
        players: {
          filterStatus: { value: ['FREEAGENT', 'WAIVERS'] },
          ...(read.slotIds ? { filterSlotIds: { value: read.slotIds } } : {}),
          limit: read.limit ?? 50,
          // A limit without a sort is refused (FILTER_LIMIT_MISSING_SORT).
          sortPercOwned: { sortPriority: 1, sortAsc: false },
        },
      });
      const key = `espn:free-agents:${scopeOf(read.auth)}:${season}:${leagueId}:${query}:${filter}`;
      const answer = await load(key, ttl.statuses, () =>
        leagueGet(leagueId, leagueUrl(leagueId, season, query), espnPlayerInfoSchema, read.auth, {
          'x-fantasy-filter': filter,
        }),
      );
      return answer.players;
    },

    proSchedule(season = seasonYear()) {
      return load(`espn:pro-schedule:${season}`, ttl.season, async () => {
        const body = await http.getJson(
          `${base}/apis/v3/games/ffl/seasons/${season}?view=proTeamSchedules_wl`,
          {
            headers: headers(),
          },
        );
        return parse(espnProScheduleSchema, body);
      });
    },

    fanLeagues(auth) {
      return load(`espn:fan:${scopeOf(auth)}`, ttl.leagueList, async () => {
        const res = await http.send({
          url: `${fanBase}/apis/v2/fans/${encodeURIComponent(auth.swid)}`,
          headers: headers(auth),
          passStatuses: [401, 403, 404],
        });
        // 404 "fan not found": the fan API lists nothing for these cookies; the leagues are added by id.
        if (res.status === 404) return [];
        if (res.status !== 200) throw leagueError('espn', 'not-logged-in', ESPN_COOKIES_REFUSED);
        let body: unknown;
        try {
          body = JSON.parse(res.text);
        } catch {
          throw leagueError('espn', 'unreadable');
        }
        return fanLeaguesOf(body, seasonYear());
      });
    },
  };
}

/**
 * The football leagues of a fan document, this season's first (then last season's, for the weeks
 * before a league renews). Written to find nothing rather than throw when ESPN moves a field.
 */
export function fanLeaguesOf(body: unknown, season: number): EspnFanLeague[] {
  const fan = espnFanSchema.safeParse(body);
  if (!fan.success) return [];
  const found: EspnFanLeague[] = [];
  for (const pref of fan.data.preferences ?? []) {
    const entry = pref.metaData?.entry;
    const entrySeason = entry?.seasonId;
    if (entry?.abbrev?.toUpperCase() !== 'FFL' || entry.entryId === undefined) continue;
    if (entrySeason === undefined || (entrySeason !== season && entrySeason !== season - 1)) continue;
    for (const group of entry.groups ?? [])
      if (group.groupId !== undefined)
        found.push({
          league_id: String(group.groupId),
          team_id: String(entry.entryId),
          season: entrySeason,
          name: group.groupName,
        });
  }
  // This season's entry of a league wins over last season's.
  found.sort((a, b) => b.season - a.season);
  const seen = new Set<string>();
  return found.filter((l) => !seen.has(l.league_id) && seen.add(l.league_id));
}
