import { useCallback, useState } from 'react';
import { leagueKey } from '#common/league-plan.ts';
import type { League } from '#common/leagues.ts';
import type { MyWeekLeagueLine } from '#common/my-week.ts';
import { useStreamedChunks } from '../use-streamed-chunks.ts';
import { fetchMyWeek } from './api/fetch-my-week.ts';

export interface MyWeekRow {
  league: League;
  /** The league's line; undefined while it loads. */
  line?: MyWeekLeagueLine;
}

export interface MyWeekState {
  rows: MyWeekRow[];
  running: boolean;
}

/** The league's line for a league whose request failed as a whole (network, not connected). */
const failedLine = (league: League, error: string): MyWeekLeagueLine => ({
  kind: 'league',
  type: league.type,
  league_id: league.league_id,
  account: '',
  week: null,
  error,
  starters: 0,
  problems: [],
  byesKnown: false,
  kickoff: null,
  fixUrl: '',
  best: [],
  freeWithAdp: [],
  topFree: [],
  missing: [],
});

/**
 * Loads the week league chunk by league chunk (useStreamedChunks: POST /api/{service}/my-week,
 * streamed), every service at once with MFL's chunks first, each league's line placed the moment it
 * lands; a league can be loaded again on its own. A new run cancels the one before.
 */
export function useMyWeekLoad() {
  const [state, setState] = useState<MyWeekState>({ rows: [], running: false });

  const place = useCallback((league: League, line: MyWeekLeagueLine | undefined) => {
    const key = leagueKey(league);
    setState((s) => ({
      ...s,
      rows: s.rows.map((r) => (leagueKey(r.league) === key ? { league, line } : r)),
    }));
  }, []);

  const chunks = useStreamedChunks<number | undefined, MyWeekLeagueLine>({
    send: (chunk, week, signal, onAnswer) =>
      fetchMyWeek(chunk.service, chunk.leagues, week, (line) => onAnswer(line.league_id, line), signal),
    onAnswer: (league, line) => place(league, line),
    onFailed: (leagues, error) => {
      for (const league of leagues) place(league, failedLine(league, error));
    },
    error: 'Could not load this league, try again',
    // MFL's pace (a few requests a second) sets the page's time: its chunks keep MFL busy from the start.
    first: 'mfl',
  });

  const start = useCallback(
    (leagues: readonly League[], week: number | undefined) => {
      setState({ rows: leagues.map((league) => ({ league })), running: leagues.length > 0 });
      void chunks.start(leagues, week).then((current) => {
        if (current) setState((s) => ({ ...s, running: false }));
      });
    },
    [chunks.start],
  );

  /** Loads one league again, for the run's week. */
  const retry = useCallback(
    (league: League) => {
      place(league, undefined);
      void chunks.retry([league]);
    },
    [chunks.retry, place],
  );

  return { state, start, retry };
}
