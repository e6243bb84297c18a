import type { z } from 'zod';
import type { Loader } from '#server/cache.ts';
import { ttl } from '../cache-policy.ts';
import { isLeagueError, leagueError } from '../errors.ts';
import type { ServiceHttp } from '../http.ts';
import {
  type SleeperDraft,
  type SleeperDraftPick,
  type SleeperLeague,
  type SleeperLeagueUser,
  type SleeperPlayer,
  type SleeperRoster,
  type SleeperState,
  type SleeperTransaction,
  type SleeperUser,
  sleeperDraftPickSchema,
  sleeperDraftSchema,
  sleeperLeagueSchema,
  sleeperLeagueUserSchema,
  sleeperPlayerSchema,
  sleeperRosterSchema,
  sleeperStateSchema,
  sleeperTransactionSchema,
  sleeperUserSchema,
} from './schemas.ts';

export interface SleeperClient {
  /** By user name or user id; an unknown user is a 404 "Sleeper user not found". */
  user(nameOrId: string): Promise<SleeperUser>;
  userLeagues(userId: string, season: string | number): Promise<SleeperLeague[]>;
  league(leagueId: string): Promise<SleeperLeague>;
  rosters(leagueId: string): Promise<SleeperRoster[]>;
  leagueUsers(leagueId: string): Promise<SleeperLeagueUser[]>;
  /** The NFL calendar as Sleeper sees it (week, season, league_season). */
  state(): Promise<SleeperState>;
  /** Every NFL player, parsed once and cached for a day. */
  players(): Promise<SleeperPlayer[]>;
  drafts(leagueId: string): Promise<SleeperDraft[]>;
  draftPicks(draftId: string): Promise<SleeperDraftPick[]>;
  /** One round's (week's) transactions of a league; round 1 holds the off-season's too. */
  transactions(leagueId: string, round: number): Promise<SleeperTransaction[]>;
}

export interface SleeperClientOptions {
  http: ServiceHttp;
  /** e.g. https://api.sleeper.app/v1 */
  apiUrl: string;
  load: Loader;
}

/** Sleeper's ids are digit strings; user names are letters, digits and underscores. */
const safeSegment = (s: string) => encodeURIComponent(s.trim());

function parseOne<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw leagueError('sleeper', 'unreadable');
  return result.data;
}

/** Sleeper answers `null` for "nothing there" on lists as well. */
function parseList<S extends z.ZodType>(schema: S, body: unknown): z.output<S>[] {
  if (body === null) return [];
  if (!Array.isArray(body)) throw leagueError('sleeper', 'unreadable');
  return body.map((item) => parseOne(schema, item));
}

export function createSleeperClient(options: SleeperClientOptions): SleeperClient {
  const { http, load } = options;
  const base = options.apiUrl.replace(/\/+$/, '');
  const get = (path: string, timeoutMs?: number) => http.getJson(`${base}${path}`, { timeoutMs });

  /** A 404 or a null body both mean the thing does not exist. */
  async function getOrMissing(path: string, missing: string): Promise<unknown> {
    let body: unknown;
    try {
      body = await get(path);
    } catch (e) {
      if (isLeagueError(e, 'not-found')) throw leagueError('sleeper', 'not-found', missing);
      throw e;
    }
    if (body === null || body === undefined) throw leagueError('sleeper', 'not-found', missing);
    return body;
  }

  return {
    user(nameOrId) {
      const key = nameOrId.trim().toLowerCase();
      if (!key) return Promise.reject(leagueError('sleeper', 'not-found', 'Sleeper user not found'));
      return load(`sleeper:user:${key}`, ttl.user, async () =>
        parseOne(
          sleeperUserSchema,
          await getOrMissing(`/user/${safeSegment(key)}`, 'Sleeper user not found'),
        ),
      );
    },

    userLeagues(userId, season) {
      return load(`sleeper:userLeagues:${userId}:${season}`, ttl.leagueList, async () =>
        parseList(
          sleeperLeagueSchema,
          await get(`/user/${safeSegment(userId)}/leagues/nfl/${safeSegment(String(season))}`),
        ),
      );
    },

    league(leagueId) {
      return load(`sleeper:league:${leagueId}`, ttl.leagueSettings, async () =>
        parseOne(
          sleeperLeagueSchema,
          await getOrMissing(`/league/${safeSegment(leagueId)}`, 'Sleeper league not found'),
        ),
      );
    },

    rosters(leagueId) {
      return load(`sleeper:rosters:${leagueId}`, ttl.rosters, async () =>
        parseList(sleeperRosterSchema, await get(`/league/${safeSegment(leagueId)}/rosters`)),
      );
    },

    leagueUsers(leagueId) {
      return load(`sleeper:leagueUsers:${leagueId}`, ttl.leagueList, async () =>
        parseList(sleeperLeagueUserSchema, await get(`/league/${safeSegment(leagueId)}/users`)),
      );
    },

    state() {
      return load('sleeper:state', ttl.currentWeek, async () =>
        parseOne(sleeperStateSchema, await get('/state/nfl')),
      );
    },

    players() {
      return load('sleeper:players', ttl.playerDatabase, async () =>
        readPlayerMap(await get('/players/nfl', 60_000)),
      );
    },

    drafts(leagueId) {
      return load(`sleeper:drafts:${leagueId}`, ttl.drafts, async () =>
        parseList(sleeperDraftSchema, await get(`/league/${safeSegment(leagueId)}/drafts`)),
      );
    },

    draftPicks(draftId) {
      return load(`sleeper:draftPicks:${draftId}`, ttl.drafts, async () =>
        parseList(sleeperDraftPickSchema, await get(`/draft/${safeSegment(draftId)}/picks`)),
      );
    },

    transactions(leagueId, round) {
      return load(`sleeper:transactions:${leagueId}:${round}`, ttl.drafts, async () =>
        parseList(
          sleeperTransactionSchema,
          await get(`/league/${safeSegment(leagueId)}/transactions/${safeSegment(String(round))}`),
        ),
      );
    },
  };
}

/**
 * `/players/nfl` is a map from player id to player. One odd entry must not cost the whole
 * database, so entries that do not read are skipped.
 */
export function readPlayerMap(body: unknown): SleeperPlayer[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw leagueError('sleeper', 'unreadable');
  const players: SleeperPlayer[] = [];
  for (const [playerId, raw] of Object.entries(body)) {
    const parsed = sleeperPlayerSchema.safeParse(
      typeof raw === 'object' && raw !== null ? { player_id: playerId, ...raw } : raw,
    );
    if (parsed.success) players.push(parsed.data);
  }
  return players;
}
