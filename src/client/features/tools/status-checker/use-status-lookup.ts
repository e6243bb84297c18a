import { useCallback, useEffect, useRef, useState } from 'react';
import { hasOwnTeam } from '#client/api/leagues.ts';
import type { League, LeaguePlayer } from '#common/leagues.ts';
import type { LeagueStatus } from '#common/player-status.ts';
import { LEAGUE_CHUNK, leagueKey } from '#common/rostership.ts';
import { fetchPlayerStatus } from './api/fetch-player-status.ts';

export type RowState =
  | { state: 'loading' }
  | { state: 'done'; result: LeagueStatus }
  | { state: 'failed'; error: string };

/** Requests in flight at once: a browser's connections per host. */
const inFlight = 6;

/** Chunks of 5 leagues of one service each, the services taking turns so all of them start at once. */
function chunksOf(leagues: readonly League[]): League[][] {
  const perService = (['mfl', 'sleeper', 'flea'] as const).map((t) => {
    const mine = leagues.filter((l) => l.type === t);
    const out: League[][] = [];
    for (let i = 0; i < mine.length; i += LEAGUE_CHUNK) out.push(mine.slice(i, i + LEAGUE_CHUNK));
    return out;
  });
  const plan: League[][] = [];
  for (let round = 0; perService.some((q) => round < q.length); round++)
    for (const q of perService) if (round < q.length) plan.push(q[round]);
  return plan;
}

/**
 * Looks one player up in every league: each chunk's rows appear as they arrive; a league that
 * fails keeps its error and can be tried again alone. Choosing another player cancels the last.
 */
export function useStatusLookup() {
  const [rows, setRows] = useState<Map<string, RowState>>(new Map());
  const run = useRef<{ id: number; controller: AbortController; player?: LeaguePlayer }>({
    id: 0,
    controller: new AbortController(),
  });
  useEffect(() => () => run.current.controller.abort(), []);

  const load = useCallback(async (id: number, player: LeaguePlayer, chunk: League[], signal: AbortSignal) => {
    let answer: LeagueStatus[] | undefined;
    let error = '';
    try {
      answer = await fetchPlayerStatus(player, chunk, signal);
    } catch (e) {
      if (signal.aborted) return;
      error = e instanceof Error ? e.message : 'Could not check these leagues';
    }
    if (run.current.id !== id) return;
    setRows((prev) => {
      const next = new Map(prev);
      for (const l of chunk) {
        const result = answer?.find((r) => r.type === l.type && r.league_id === l.league_id);
        if (result?.playerStatus) next.set(leagueKey(l), { state: 'done', result });
        else
          next.set(leagueKey(l), {
            state: 'failed',
            error: result?.error ?? (error || 'No answer for this league'),
          });
      }
      return next;
    });
  }, []);

  const runChunks = useCallback(
    (id: number, player: LeaguePlayer, leagues: readonly League[], signal: AbortSignal) => {
      const queue = chunksOf(leagues);
      let next = 0;
      const worker = async () => {
        while (next < queue.length) await load(id, player, queue[next++], signal);
      };
      for (let i = 0; i < Math.min(inFlight, queue.length); i++) void worker();
    },
    [load],
  );

  const lookUp = useCallback(
    (player: LeaguePlayer, leagues: readonly League[]) => {
      run.current.controller.abort();
      const controller = new AbortController();
      const id = run.current.id + 1;
      run.current = { id, controller, player };
      const initial = new Map<string, RowState>();
      for (const l of leagues)
        initial.set(
          leagueKey(l),
          hasOwnTeam(l)
            ? { state: 'loading' }
            : { state: 'failed', error: 'No team of yours was found in this league' },
        );
      setRows(initial);
      runChunks(id, player, leagues.filter(hasOwnTeam), controller.signal);
    },
    [runChunks],
  );

  const retry = useCallback(
    (leagues: readonly League[]) => {
      const { id, controller, player } = run.current;
      if (!player) return;
      setRows((prev) => {
        const next = new Map(prev);
        for (const l of leagues) next.set(leagueKey(l), { state: 'loading' });
        return next;
      });
      runChunks(id, player, leagues, controller.signal);
    },
    [runChunks],
  );

  return { rows, lookUp, retry };
}
