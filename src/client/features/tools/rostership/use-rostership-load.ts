import { useCallback, useRef, useState } from 'react';
import { type ExtraKind, sortExtras } from '#common/extras.ts';
import { leagueKey } from '#common/league-plan.ts';
import type { League } from '#common/leagues.ts';
import type { RostershipAnswer, RostershipPlayer } from '#common/rostership.ts';
import { mergePlayers, withoutLeagues } from '#common/rostership-rows.ts';
import { useStreamedChunks } from '../use-streamed-chunks.ts';
import { fetchRostership } from './api/fetch-rostership.ts';

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

/**
 * Loads the visitor's players league chunk by league chunk: every service at once, each league
 * merged into the list the moment its answer arrives (useStreamedChunks), a failed league kept aside with its error so that it
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
  // While refreshing behind a stored result, the fresh one builds here and replaces it when complete.
  const shadow = useRef<LoadState | null>(null);

  const apply = useCallback((update: (s: LoadState) => LoadState) => {
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

  /** Merges one answer for `leagues` (a league's line, or their failure) into the list. */
  const merge = useCallback(
    (leagues: readonly League[], answer: RostershipAnswer, again: boolean) => {
      const byKey = new Map(leagues.map((l) => [leagueKey(l), l]));
      const keys = new Set(byKey.keys());
      apply((s) => ({
        ...s,
        done: again ? s.done : s.done + leagues.length,
        answered: s.answered + answer.leagues,
        players: mergePlayers(again ? withoutLeagues(s.players, keys) : s.players, answer.players),
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
    },
    [apply],
  );

  const chunks = useStreamedChunks<void, RostershipAnswer>({
    send: (chunk, _ask, signal, onAnswer) =>
      fetchRostership(chunk.service, chunk.leagues, (line) => onAnswer(line.league_id, line), signal),
    onAnswer: (league, line, again) => merge([league], line, again),
    onFailed: (leagues, error, again) =>
      merge(
        leagues,
        {
          leagues: 0,
          players: [],
          failed: leagues.map((l) => ({ type: l.type, league_id: l.league_id, error })),
          missing: [],
        },
        again,
      ),
    error: 'Could not load these leagues',
  });

  const begin = useCallback(
    (leagues: readonly League[], background: boolean) => {
      const fresh: LoadState = { ...idle, total: leagues.length, running: leagues.length > 0 };
      if (background) {
        shadow.current = fresh;
        setState((s) => ({ ...s, total: fresh.total, done: fresh.done, running: fresh.running }));
      } else {
        shadow.current = null;
        setState(fresh);
      }
      void chunks.start(leagues).then((current) => {
        if (current) apply((s) => ({ ...s, running: false, staleSince: undefined }));
      });
    },
    [apply, chunks.start],
  );

  /** Get Players: clears the list and loads the leagues afresh. */
  const start = useCallback((leagues: readonly League[]) => begin(leagues, false), [begin]);
  /** Loads again behind the rows on screen (a stored result), which are replaced when done. */
  const refresh = useCallback((leagues: readonly League[]) => begin(leagues, true), [begin]);

  const retry = useCallback(
    (leagues: readonly League[]) => {
      const keys = leagues.map(leagueKey);
      apply((s) => ({ ...s, retrying: [...new Set([...s.retrying, ...keys])] }));
      void chunks.retry(leagues);
    },
    [apply, chunks.retry],
  );

  return { state, start, refresh, retry };
}
