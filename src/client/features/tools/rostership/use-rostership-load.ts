import pLimit from 'p-limit';
import { useCallback, useEffect, useRef, useState } from 'react';
import { hasOwnTeam } from '#client/api/leagues.ts';
import { type ExtraKind, sortExtras } from '#common/extras.ts';
import type { League } from '#common/leagues.ts';
import {
  leagueKey,
  mergePlayers,
  type RostershipAnswer,
  type RostershipPlayer,
  withoutLeagues,
} from '#common/rostership.ts';
import { fetchRostership } from './api/fetch-rostership.ts';
import { type Chunk, planChunks } from './chunk-plan.ts';

export interface LeagueFailure {
  league: League;
  error: string;
}

export interface LoadState {
  /** Leagues asked for in this run. */
  total: number;
  /** Leagues finished, read or failed. */
  done: number;
  /** Leagues read: the roster rate's denominator. */
  answered: number;
  players: RostershipPlayer[];
  failed: LeagueFailure[];
  /** Extras some answer had to leave out (its leagues were still read). */
  missing: ExtraKind[];
  /** Keys of failed leagues being tried again. */
  retrying: string[];
  running: boolean;
  /** Set while a stored result is shown and a refresh runs behind it. */
  staleSince?: number;
}

const idle: LoadState = {
  total: 0,
  done: 0,
  answered: 0,
  players: [],
  failed: [],
  missing: [],
  retrying: [],
  running: false,
};

/** Requests in flight at once: a browser's connections per host. */
const inFlight = 6;

/** Loads the chunks in order, at most `inFlight` at once. */
const inOrder = (chunks: readonly Chunk[], load: (chunk: Chunk) => Promise<void>) => {
  const limit = pLimit(inFlight);
  return Promise.all(chunks.map((chunk) => limit(() => load(chunk))));
};

/**
 * Loads the visitor's players league chunk by league chunk: every service at once, each league
 * merged into the list the moment its answer arrives (a chunk's answer is streamed league by league), a failed league kept aside with its error so that it
 * can be retried on its own. A new run cancels the one before.
 */
export function useRostershipLoad(initial?: {
  players: RostershipPlayer[];
  answered: number;
  savedAt: number;
}) {
  const [state, setState] = useState<LoadState>(() =>
    initial && initial.players.length > 0
      ? {
          ...idle,
          players: initial.players,
          answered: initial.answered,
          done: initial.answered,
          total: initial.answered,
          staleSince: initial.savedAt,
        }
      : idle,
  );
  const run = useRef<{ id: number; controller: AbortController }>({
    id: 0,
    controller: new AbortController(),
  });
  // While refreshing behind a stored result, the fresh one builds here and replaces it when complete.
  const shadow = useRef<LoadState | null>(null);

  useEffect(() => () => run.current.controller.abort(), []);

  const apply = useCallback((id: number, update: (s: LoadState) => LoadState) => {
    if (run.current.id !== id) return;
    if (shadow.current) {
      shadow.current = update(shadow.current);
      const s = shadow.current;
      // Progress shows on the stored view; the rows switch over once the refresh is complete.
      if (!s.running) {
        shadow.current = null;
        setState(s);
      } else setState((shown) => ({ ...shown, total: s.total, done: s.done, running: true }));
      return;
    }
    setState(update);
  }, []);

  const loadChunk = useCallback(
    async (id: number, chunk: Chunk, signal: AbortSignal, retry = false) => {
      /** Merges one answer for `leagues` (a league's line, or the chunk's failure) into the list. */
      const merge = (leagues: readonly League[], answer: RostershipAnswer) => {
        const byKey = new Map(leagues.map((l) => [leagueKey(l), l]));
        const keys = new Set(byKey.keys());
        apply(id, (s) => ({
          ...s,
          done: retry ? s.done : s.done + leagues.length,
          answered: s.answered + answer.leagues,
          players: mergePlayers(retry ? withoutLeagues(s.players, keys) : s.players, answer.players),
          failed: [
            ...s.failed.filter((f) => !keys.has(leagueKey(f.league))),
            ...answer.failed.flatMap((f) => {
              const league = byKey.get(leagueKey(f));
              return league ? [{ league, error: f.error }] : [];
            }),
          ],
          missing: answer.leagues > 0 ? sortExtras([...s.missing, ...answer.missing]) : s.missing,
          retrying: s.retrying.filter((k) => !keys.has(k)),
        }));
      };
      // Leagues whose line has not come yet.
      const waiting = new Map(chunk.leagues.map((l) => [l.league_id, l]));
      let error = 'Could not load these leagues';
      try {
        await fetchRostership(
          chunk.service,
          chunk.leagues,
          (line) => {
            const league = waiting.get(line.league_id);
            if (!league || signal.aborted) return;
            waiting.delete(line.league_id);
            merge([league], line);
          },
          signal,
        );
      } catch (e) {
        if (signal.aborted) return;
        // The request failed (network, not connected, service down): each league not yet in says so.
        if (e instanceof Error && !(e instanceof SyntaxError) && e.name !== 'ZodError') error = e.message;
      }
      if (signal.aborted || waiting.size === 0) return;
      const rest = [...waiting.values()];
      merge(rest, {
        leagues: 0,
        players: [],
        failed: rest.map((l) => ({ type: l.type, league_id: l.league_id, error })),
        missing: [],
      });
    },
    [apply],
  );

  const begin = useCallback(
    (leagues: readonly League[], background: boolean) => {
      run.current.controller.abort();
      const id = run.current.id + 1;
      const controller = new AbortController();
      run.current = { id, controller };
      const usable = leagues.filter(hasOwnTeam);
      const unusable: LeagueFailure[] = leagues
        .filter((l) => !hasOwnTeam(l))
        .map((league) => ({ league, error: 'No team of yours was found in this league' }));
      const fresh: LoadState = {
        ...idle,
        total: leagues.length,
        done: unusable.length,
        failed: unusable,
        running: usable.length > 0,
      };
      if (background) {
        shadow.current = fresh;
        setState((s) => ({ ...s, total: fresh.total, done: fresh.done, running: fresh.running }));
      } else {
        shadow.current = null;
        setState(fresh);
      }
      void inOrder(planChunks(usable), (chunk) => loadChunk(id, chunk, controller.signal)).then(() =>
        apply(id, (s) => ({ ...s, running: false, staleSince: undefined })),
      );
    },
    [apply, loadChunk],
  );

  /** Get Players: clears the list and loads the leagues (spec section 4). */
  const start = useCallback((leagues: readonly League[]) => begin(leagues, false), [begin]);
  /** Loads again behind the rows on screen (a stored result), which are replaced when done. */
  const refresh = useCallback((leagues: readonly League[]) => begin(leagues, true), [begin]);

  const retry = useCallback(
    (leagues: readonly League[]) => {
      const { id, controller } = run.current;
      const keys = leagues.map(leagueKey);
      apply(id, (s) => ({ ...s, retrying: [...new Set([...s.retrying, ...keys])] }));
      void inOrder(planChunks(leagues.filter(hasOwnTeam)), (chunk) =>
        loadChunk(id, chunk, controller.signal, true),
      );
    },
    [apply, loadChunk],
  );

  return { state, start, refresh, retry };
}
