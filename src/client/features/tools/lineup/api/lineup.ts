import { api } from '#client/api/http.ts';
import { leagueRef } from '#client/api/leagues.ts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '#client/lib/query-client.ts';
import { gameState } from '#common/game-state.ts';
import type { League } from '#common/leagues.ts';
import type { LineupInfo, LineupSubmit, LineupSubmitAnswer } from '#common/lineup.ts';

/** The MFL league as the lineup routes take it. */
export type MflLeagueRef = LineupSubmit['league'];

export const mflRef = (league: League) => leagueRef(league) as MflLeagueRef;

export const lineupKeys = {
  all: ['mfl-lineup'] as const,
  league: (leagueId: string) => ['mfl-lineup', leagueId] as const,
  /** A chosen week; undefined is the current one (the server knows which that is). */
  week: (leagueId: string, week: number | undefined) => ['mfl-lineup', leagueId, week ?? 'current'] as const,
};

export function fetchLineup(
  league: MflLeagueRef,
  week: number | undefined,
  signal?: AbortSignal,
): Promise<LineupInfo> {
  return api<LineupInfo>('mfl/lineup', { body: { league, week }, signal });
}

/** Live scores move during games: the lineup is read again every 30 s while one is under way. */
export const LIVE_REFRESH_MS = 30_000;

/** Whether any player's game is in progress on the service's clock (read when the data arrived). */
export function hasLiveGame(info: LineupInfo | undefined, serviceNow: number): boolean {
  if (!info) return false;
  return Object.values(info.positions).some((g) =>
    g.players.some((p) => gameState(p, serviceNow).kind === 'live'),
  );
}

export const lineupQueryOptions = (league: MflLeagueRef | undefined, week?: number) =>
  queryOptions({
    queryKey: lineupKeys.week(league?.league_id ?? '', week),
    queryFn: ({ signal }) => fetchLineup(league!, week, signal),
    enabled: Boolean(league),
    staleTime: 15_000,
    retry: false,
    refetchInterval: (query) => {
      const { data, dataUpdatedAt } = query.state;
      if (!data) return false;
      const serviceNow = Date.now() + (data.now - dataUpdatedAt);
      return hasLiveGame(data, serviceNow) ? LIVE_REFRESH_MS : false;
    },
  });

export function useLineup(league: MflLeagueRef | undefined, week?: number) {
  return useQuery(lineupQueryOptions(league, week));
}

export function submitLineup(payload: LineupSubmit): Promise<LineupSubmitAnswer> {
  return api<LineupSubmitAnswer>('mfl/lineup/set', { body: payload });
}

const submitMutationKey = ['mfl-lineup-submit'] as const;

/** Sends the lineup; afterwards the league's lineup is read again, whatever MFL answered. */
export function useSubmitLineup() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: submitMutationKey,
    mutationFn: submitLineup,
    onSettled: (_answer, _error, payload) =>
      client.invalidateQueries({ queryKey: lineupKeys.league(payload.league.league_id) }),
  });
}
