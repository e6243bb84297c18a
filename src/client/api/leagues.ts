import { queryOptions, useMutation, useQuery, useQueryClient } from '#client/lib/query-client.ts';
import { leagueTypes } from '#common/league-types.ts';
import type { Connections, League, LeagueAccountList, LeagueType } from '#common/leagues.ts';
import { ApiError, api } from './http.ts';

/*
 * League connections: which services the visitor has connected, their leagues, and connecting or
 * logging out. Each call is a fetcher, a query-options object and a hook.
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

export const leagueKeys = {
  connections: ['league-connections'] as const,
  leagues: (service: LeagueType) => ['league-list', service] as const,
  accounts: ['league-accounts'] as const,
};

export function fetchConnections(): Promise<Connections> {
  return api<Connections>('connections');
}

export const connectionsQueryOptions = () =>
  queryOptions({ queryKey: leagueKeys.connections, queryFn: fetchConnections, staleTime: 60_000 });

export function useConnections() {
  return useQuery(connectionsQueryOptions());
}

/** True when any of the services is connected. */
export const anyConnected = (c: Connections | undefined) =>
  Boolean(c && leagueTypes.some((s) => c[s].connected));

export function fetchLeagues(service: LeagueType, signal?: AbortSignal): Promise<League[]> {
  return api<League[]>(`${service}/leagues`, { signal });
}

export const leaguesQueryOptions = (service: LeagueType, enabled = true) =>
  queryOptions({
    queryKey: leagueKeys.leagues(service),
    queryFn: ({ signal }) => fetchLeagues(service, signal),
    enabled,
    staleTime: 5 * 60_000,
  });

/** The service's leagues, fetched only while it is connected. */
export function useLeagues(service: LeagueType, connected: boolean) {
  return useQuery(leaguesQueryOptions(service, connected));
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
  return useMutation({
    mutationFn: (payload: ConnectPayloads[S]) => connectService(service, payload),
    onSuccess: onDone,
  });
}

export function useLogout(service: LeagueType, onDone: () => void = reloadPage) {
  return useMutation({ mutationFn: () => logoutService(service), onSuccess: onDone });
}

/** Stops sharing the visitor's MFL leagues' rookie drafts with Rookie ADP; answers how many were deleted. */
export function stopSharingMflDrafts(): Promise<{ sharesDrafts: false; removedDrafts: number }> {
  return api('mfl/sharing', { body: { share: false } });
}

export function useStopSharingMflDrafts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: stopSharingMflDrafts,
    onSuccess: () => client.invalidateQueries({ queryKey: leagueKeys.connections }),
  });
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

// --- League accounts kept on the site account (signed-in users) ---------------------------------

export const leagueAccountsQueryOptions = () =>
  queryOptions({
    queryKey: leagueKeys.accounts,
    queryFn: ({ signal }) => api<LeagueAccountList>('league-accounts', { signal }),
  });

export function useLeagueAccounts() {
  return useQuery(leagueAccountsQueryOptions());
}

/** After an account changes, every list that depends on the accounts is asked again. */
function useAfterAccountChange() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: leagueKeys.accounts }),
      client.invalidateQueries({ queryKey: leagueKeys.connections }),
      client.invalidateQueries({ queryKey: ['league-list'] }),
    ]);
}

export function useSetLeagueAccountActive() {
  const after = useAfterAccountChange();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      api(`league-accounts/${encodeURIComponent(id)}`, { body: { active } }),
    onSettled: after,
  });
}

export function useRemoveLeagueAccount() {
  const after = useAfterAccountChange();
  return useMutation({
    mutationFn: (id: string) => api(`league-accounts/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: after,
  });
}

/** Whether the league carries the visitor's own team id that its service's tool routes need. */
export const hasOwnTeam = (l: League) =>
  l.type === 'sleeper' || (l.type === 'mfl' ? Boolean(l.franchise_id) : Boolean(l.team_id));
