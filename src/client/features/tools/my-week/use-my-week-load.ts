import pLimit from 'p-limit';
import { useCallback, useEffect, useRef, useState } from 'react';
import { hasOwnTeam } from '#client/api/leagues.ts';
import type { League } from '#common/leagues.ts';
import { type MyWeekLeagueLine, planMyWeek } from '#common/my-week.ts';
import { leagueKey } from '#common/rostership.ts';
import { fetchMyWeek } from './fetch-my-week.ts';

export interface MyWeekRow {
  league: League;
  /** The league's line; undefined while it loads. */
  line?: MyWeekLeagueLine;
}

export interface MyWeekState {
  rows: MyWeekRow[];
  running: boolean;
}

/** Requests in flight at once: a browser's connections per host. */
const inFlight = 6;

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
 * Loads the week league chunk by league chunk, every service at once, each league's line placed the
 * moment it lands; a league can be loaded again on its own. A new run cancels the one before.
 */
export function useMyWeekLoad() {
  const [state, setState] = useState<MyWeekState>({ rows: [], running: false });
  const run = useRef({ id: 0, controller: new AbortController() });
  useEffect(() => () => run.current.controller.abort(), []);

  const place = useCallback((id: number, league: League, line: MyWeekLeagueLine | undefined) => {
    if (run.current.id !== id) return;
    const key = leagueKey(league);
    setState((s) => ({
      ...s,
      rows: s.rows.map((r) => (leagueKey(r.league) === key ? { league, line } : r)),
    }));
  }, []);

  const loadAll = useCallback(
    async (id: number, leagues: readonly League[], week: number | undefined, signal: AbortSignal) => {
      const limit = pLimit(inFlight);
      await Promise.all(
        planMyWeek(leagues.filter(hasOwnTeam)).map((chunk) =>
          limit(async () => {
            const waiting = new Map(chunk.leagues.map((l) => [l.league_id, l]));
            let error = 'Could not load this league, try again';
            try {
              await fetchMyWeek(
                chunk.service,
                chunk.leagues,
                week,
                (line) => {
                  const league = waiting.get(line.league_id);
                  if (!league || signal.aborted) return;
                  waiting.delete(line.league_id);
                  place(id, league, line);
                },
                signal,
              );
            } catch (e) {
              if (signal.aborted) return;
              if (e instanceof Error && !(e instanceof SyntaxError) && e.name !== 'ZodError')
                error = e.message;
            }
            if (signal.aborted) return;
            for (const league of waiting.values()) place(id, league, failedLine(league, error));
          }),
        ),
      );
      for (const league of leagues.filter((l) => !hasOwnTeam(l)))
        place(id, league, failedLine(league, 'No team of yours was found in this league'));
    },
    [place],
  );

  const start = useCallback(
    (leagues: readonly League[], week: number | undefined) => {
      run.current.controller.abort();
      const id = run.current.id + 1;
      const controller = new AbortController();
      run.current = { id, controller };
      setState({ rows: leagues.map((league) => ({ league })), running: leagues.length > 0 });
      void loadAll(id, leagues, week, controller.signal).then(() => {
        if (run.current.id === id) setState((s) => ({ ...s, running: false }));
      });
    },
    [loadAll],
  );

  const retry = useCallback(
    (league: League, week: number | undefined) => {
      const { id, controller } = run.current;
      place(id, league, undefined);
      void loadAll(id, [league], week, controller.signal);
    },
    [loadAll, place],
  );

  return { state, start, retry };
}
