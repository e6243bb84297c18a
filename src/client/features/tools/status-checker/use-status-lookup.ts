import { useCallback, useState } from 'react';
import { hasOwnTeam } from '#client/api/leagues.ts';
import { leagueKey } from '#common/league-plan.ts';
import type { League, LeaguePlayer } from '#common/leagues.ts';
import type { LeagueStatus } from '#common/player-status.ts';
import { NO_TEAM, useStreamedChunks } from '../use-streamed-chunks.ts';
import { fetchPlayerStatus } from './api/fetch-player-status.ts';

export type RowState =
  | { state: 'loading' }
  | { state: 'done'; result: LeagueStatus }
  | { state: 'failed'; error: string };

/**
 * Looks one player up in every league (useStreamedChunks: each chunk's rows appear as it answers); a
 * league that fails keeps its error and can be tried again alone. Choosing another player cancels
 * the last.
 */
export function useStatusLookup() {
  const [rows, setRows] = useState<Map<string, RowState>>(new Map());

  const set = useCallback((leagues: readonly League[], row: RowState) => {
    setRows((prev) => {
      const next = new Map(prev);
      for (const l of leagues) next.set(leagueKey(l), row);
      return next;
    });
  }, []);

  const chunks = useStreamedChunks<LeaguePlayer, LeagueStatus | undefined>({
    send: async (chunk, player, signal, onAnswer) => {
      const answer = await fetchPlayerStatus(player, chunk.leagues, signal);
      for (const l of chunk.leagues)
        onAnswer(
          l.league_id,
          answer.find((r) => r.type === l.type && r.league_id === l.league_id),
        );
    },
    onAnswer: (league, result) =>
      set(
        [league],
        result?.playerStatus
          ? { state: 'done', result }
          : { state: 'failed', error: result?.error ?? 'No answer for this league' },
      ),
    onFailed: (leagues, error) => set(leagues, { state: 'failed', error }),
    error: 'Could not check these leagues',
  });

  const lookUp = useCallback(
    (player: LeaguePlayer, leagues: readonly League[]) => {
      const initial = new Map<string, RowState>();
      for (const l of leagues)
        initial.set(leagueKey(l), hasOwnTeam(l) ? { state: 'loading' } : { state: 'failed', error: NO_TEAM });
      setRows(initial);
      void chunks.start(leagues, player);
    },
    [chunks.start],
  );

  const retry = useCallback(
    (leagues: readonly League[]) => {
      set(leagues, { state: 'loading' });
      void chunks.retry(leagues);
    },
    [chunks.retry, set],
  );

  return { rows, lookUp, retry };
}
