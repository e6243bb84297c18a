import { useEffect, useSyncExternalStore } from 'react';
import { PublicData } from '#client/api/public-data.ts';
import { leagueTypes } from '#common/league-types.ts';
import type { Connections, League, LeagueType } from '#common/leagues.ts';
import { useAction } from './action.ts';
import { ApiError, api } from './http.ts';

/*
 * League connections: which services the visitor has connected, their leagues, and connecting or
 * logging out. Each call is a fetcher and a hook.
 */

export interface ConnectPayloads {
  /** shareDrafts: the visitor's leagues' rookie drafts may feed Rookie ADP (the log-in form's box). */
  mfl: { username: string; password: string; shareDrafts?: boolean };
  sleeper: { username: string };
  flea: { email: string };
  /** League ids or team page addresses, and both of the member's ESPN cookies or neither. */
  espn: { leagues: string[]; swid?: string; espnS2?: string };
}

const connectPath: Record<LeagueType, string> = {
  mfl: 'mfl/login',
  sleeper: 'sleeper/connect',
  flea: 'flea/connect',
  espn: 'espn/connect',
};

/*
 * The visitor's connections and leagues are kept here, each answer by its path under /api, in a
 * store of its own (the public pages' kind, decision 026): the league tools' frame reads them without
 * TanStack Query, which a tool that only reads then does not load.
 */
const leagueReads = new PublicData();
const CONNECTIONS = 'connections';
const leaguesPath = (service: LeagueType) => `${service}/leagues`;

/** A kept answer for a component, as TanStack Query's useQuery gives it; asked for once drawn. */
export type Read<T> = {
  data: T | undefined;
  /** Being asked for the first time. */
  isFetching: boolean;
} & ({ isError: true; error: Error; isPending: false } | { isError: false; error: null; isPending: boolean });

/**
 * An answer of the visitor's league data kept here (`path` under /api): asked for once drawn, and
 * again when older than `fresh` ms.
 */
export function useLeagueRead<T>(path: string, fresh: number, enabled = true): Read<T> {
  const get = () => leagueReads.get(path);
  const kept = useSyncExternalStore(leagueReads.subscribe, get, get);
  const missing = kept === undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: asks again for an answer that was dropped
  useEffect(() => {
    if (enabled) leagueReads.load(path, fresh);
  }, [path, fresh, enabled, missing]);
  const data = kept?.data as T | undefined;
  if (kept?.error !== undefined)
    return { data, isFetching: false, isError: true, error: asError(kept.error), isPending: false };
  const isPending = data === undefined;
  return { data, isFetching: enabled && isPending, isError: false, error: null, isPending };
}

const asError = (e: unknown) => (e instanceof Error ? e : new Error(String(e)));

export function fetchConnections(): Promise<Connections> {
  return api<Connections>(CONNECTIONS);
}

export function useConnections(enabled = true): Read<Connections> {
  return useLeagueRead<Connections>(CONNECTIONS, 60_000, enabled);
}

/** True when any of the services is connected. */
export const anyConnected = (c: Connections | undefined) =>
  Boolean(c && leagueTypes.some((s) => c[s].connected));

export function fetchLeagues(service: LeagueType, signal?: AbortSignal): Promise<League[]> {
  return api<League[]>(leaguesPath(service), { signal });
}

/** The service's leagues, fetched only while it is connected. */
export function useLeagues(service: LeagueType, connected: boolean): Read<League[]> {
  return useLeagueRead<League[]>(leaguesPath(service), 5 * 60_000, connected);
}

/** Every service's leagues, each fetched only while that service is connected. */
export function useServiceLeagues(c: Connections) {
  return {
    mfl: useLeagues('mfl', c.mfl.connected),
    sleeper: useLeagues('sleeper', c.sleeper.connected),
    flea: useLeagues('flea', c.flea.connected),
    espn: useLeagues('espn', c.espn.connected),
  } satisfies Record<LeagueType, unknown>;
}

/** Asks again for the connections, and for each service's leagues already asked for (an account changed). */
export function refreshLeagueReads() {
  leagueReads.load(CONNECTIONS, 0);
  for (const service of leagueTypes)
    if (leagueReads.get(leaguesPath(service))) leagueReads.load(leaguesPath(service), 0);
}

// League log-ins, log-outs and sharing changes on their way, which the lineup waits for.
let writing = 0;
const writeListeners = new Set<() => void>();
async function counted<T>(work: Promise<T>): Promise<T> {
  const tell = () => {
    for (const listener of writeListeners) listener();
  };
  writing++;
  tell();
  try {
    return await work;
  } finally {
    writing--;
    tell();
  }
}

/** How many league log-ins (connects), log-outs and sharing changes are on their way. */
export function useLeagueWritesUnderWay(): number {
  return useSyncExternalStore(
    (listener) => {
      writeListeners.add(listener);
      return () => writeListeners.delete(listener);
    },
    () => writing,
    () => 0,
  );
}

/**
 * Connects (or, for MFL, logs in). Throws the server's own words on failure; a 200 whose body
 * carries an `error` member also counts as a failure (a service refusing in a 200's body).
 */
export async function connectService<S extends LeagueType>(
  service: S,
  payload: ConnectPayloads[S],
): Promise<void> {
  const answer = await api<{ error?: string } | null>(connectPath[service], { body: payload });
  if (answer && typeof answer.error === 'string') throw new ApiError(200, answer.error);
}

export function logoutService(service: LeagueType): Promise<unknown> {
  return api(`${service}/logout`, { method: 'POST' });
}

/** After a connect, login or logout the page reloads, so every tool starts afresh. */
export function reloadPage() {
  window.location.reload();
}

export function useConnect<S extends LeagueType>(service: S, onDone: () => void = reloadPage) {
  return useAction((payload: ConnectPayloads[S]) => counted(connectService(service, payload)), onDone);
}

export function useLogout(service: LeagueType, onDone: () => void = reloadPage) {
  return useAction<void, unknown>(() => counted(logoutService(service)), onDone);
}

/** Stops sharing the visitor's MFL leagues' rookie drafts with Rookie ADP; answers how many were deleted. */
export function stopSharingMflDrafts(): Promise<{ sharesDrafts: false; removedDrafts: number }> {
  return api('mfl/sharing', { body: { share: false } });
}

export function useStopSharingMflDrafts() {
  return useAction<void, Awaited<ReturnType<typeof stopSharingMflDrafts>>>(
    () => counted(stopSharingMflDrafts()),
    () => leagueReads.load(CONNECTIONS, 0),
  );
}

/**
 * The league as each service's tool routes take it: flea and espn league_id + team_id, mfl
 * league_id + franchise_id + url, sleeper league_id; and the saved account it came from, if any.
 */
export function leagueRef(l: League) {
  const account = l.account ? { account: l.account } : {};
  if (l.type === 'mfl')
    return { league_id: l.league_id, franchise_id: l.franchise_id ?? '', url: l.url, ...account };
  if (l.type === 'flea' || l.type === 'espn')
    return { league_id: l.league_id, team_id: l.team_id ?? '', ...account };
  return { league_id: l.league_id, ...account };
}

/** Whether the league carries the visitor's own team id that its service's tool routes need. */
export const hasOwnTeam = (l: League) =>
  l.type === 'sleeper' || (l.type === 'mfl' ? Boolean(l.franchise_id) : Boolean(l.team_id));
