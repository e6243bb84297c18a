import pLimit from 'p-limit';
import { useCallback, useEffect, useRef } from 'react';
import { hasOwnTeam } from '#client/api/leagues.ts';
import { type LeagueChunk, planLeagueChunks } from '#common/league-plan.ts';
import type { League, LeagueType } from '#common/leagues.ts';

/** Requests in flight at once: a browser's connections per host. */
const IN_FLIGHT = 6;

/** What a league says when the visitor has no team in it: it is never sent. */
export const NO_TEAM = 'No team of yours was found in this league';

/**
 * Whether a failed request's error has words to show the visitor: a stream cut mid-line (not JSON)
 * or a line the shared schema refused has none, and the league says the tool's own words instead.
 */
const hasWords = (e: unknown): e is Error =>
  e instanceof Error && !(e instanceof SyntaxError) && e.name !== 'ZodError';

/** What a league tool tells the loader: how a chunk is sent, and where each league's answer goes. */
export interface ChunkTool<Ask, Answer> {
  /**
   * Sends one chunk (the run's `ask` with it) and hands on each league's answer, by the league's id,
   * the moment it lands (streamed, or all at once).
   */
  send: (
    chunk: LeagueChunk<League>,
    ask: Ask,
    signal: AbortSignal,
    onAnswer: (league_id: string, answer: Answer) => void,
  ) => Promise<unknown>;
  /** A league's answer; `again` when the league was being tried again (retry). */
  onAnswer: (league: League, answer: Answer, again: boolean) => void;
  /** Leagues that have no answer: the request failed, or the visitor has no team there. */
  onFailed: (leagues: League[], error: string, again: boolean) => void;
  /** What a league whose request failed says when the failure has no words of its own. */
  error: string;
  /** A service whose chunks are all sent first (planLeagueChunks). */
  first?: LeagueType;
}

/**
 * Loads a league tool's answers chunk by chunk (planLeagueChunks), every service at once and at most
 * IN_FLIGHT requests in flight, each league's answer handed on the moment it lands. A league whose
 * request fails, whose line never comes, or that has no team of the visitor's fails on its own and
 * can be tried again alone. A new run cancels the one before: nothing of the old run is handed on
 * after it, nor after the page has gone.
 */
export function useStreamedChunks<Ask, Answer>(tool: ChunkTool<Ask, Answer>) {
  // The tool's latest callbacks: a run started on one render hands its answers to the newest.
  const latest = useRef(tool);
  latest.current = tool;
  const run = useRef<{ id: number; controller: AbortController; ask?: Ask }>({
    id: 0,
    controller: new AbortController(),
  });
  useEffect(() => () => run.current.controller.abort(), []);

  /** Loads `leagues` in the current run; answers whether the run is still the current one. */
  const load = useCallback(async (leagues: readonly League[], again: boolean): Promise<boolean> => {
    const { id, controller, ask } = run.current;
    const { signal } = controller;
    const current = () => run.current.id === id && !signal.aborted;
    const unusable = leagues.filter((l) => !hasOwnTeam(l));
    if (unusable.length > 0) latest.current.onFailed(unusable, NO_TEAM, again);
    const limit = pLimit(IN_FLIGHT);
    const plan = planLeagueChunks(leagues.filter(hasOwnTeam), { first: latest.current.first });
    await Promise.all(
      plan.map((chunk) =>
        limit(async () => {
          // Leagues whose answer has not come yet.
          const waiting = new Map(chunk.leagues.map((l) => [l.league_id, l]));
          let error = latest.current.error;
          try {
            await latest.current.send(chunk, ask as Ask, signal, (league_id, answer) => {
              const league = waiting.get(league_id);
              if (!league || !current()) return;
              waiting.delete(league_id);
              latest.current.onAnswer(league, answer, again);
            });
          } catch (e) {
            if (signal.aborted) return;
            // The request failed (network, not connected, service down): each league not yet in says so.
            if (hasWords(e)) error = e.message;
          }
          if (current() && waiting.size > 0) latest.current.onFailed([...waiting.values()], error, again);
        }),
      ),
    );
    return current();
  }, []);

  /**
   * Starts a run for `leagues`, asking `ask` (cancelling the run before). Resolves once every league
   * has its answer or failed: true while the run is still the current one.
   */
  const start = useCallback(
    (leagues: readonly League[], ask: Ask) => {
      run.current.controller.abort();
      run.current = { id: run.current.id + 1, controller: new AbortController(), ask };
      return load(leagues, false);
    },
    [load],
  );

  /** Loads `leagues` again within the current run (nothing before a run has started). */
  const retry = useCallback(
    async (leagues: readonly League[]) => (run.current.id > 0 ? load(leagues, true) : false),
    [load],
  );

  return { start, retry };
}
