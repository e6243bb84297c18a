import { useEffect, useMemo, useState } from 'react';
import { statusCheckerPath } from '#client/api/content.ts';
import { useServiceLeagues } from '#client/api/leagues.ts';
import { ProgressBar } from '#client/components/progress-bar.tsx';
import { Link } from '#client/router/links.tsx';
import type { ExtraKind } from '#common/extras.ts';
import { leagueKey } from '#common/league-plan.ts';
import { type LeagueType, leagueTypeLabel, leagueTypes } from '#common/league-types.ts';
import type { Connections, League } from '#common/leagues.ts';
import type { MyWeekFreeAgent, MyWeekLeagueLine, MyWeekProblem } from '#common/my-week.ts';
import {
  BEST_POSITIONS,
  fallbackText,
  freeInMost,
  MY_WEEK_LAST_WEEK,
  problemLabels,
} from '#common/my-week-rules.ts';
import { MissingExtras } from '../missing-extras.tsx';
import { ToolPage } from '../tool-page.tsx';
import { loadReading } from './api/load-reading.ts';
import { type MyWeekRow, useMyWeekLoad } from './use-my-week-load.ts';

export function MyWeekPage() {
  return (
    <ToolPage
      title="My week"
      intro="Every lineup problem and the best free agents, across all your leagues on MFL, Sleeper, Fleaflicker and ESPN."
      notConnected="Connect at least one account above to see your leagues' lineups for the week."
      foldAccountsOnPhones
    >
      {(c) => <MyWeekTool connections={c} />}
    </ToolPage>
  );
}

/** A link as a touch target: at least 24 px tall. */
const target = 'inline-block py-1';

const kickoffText = (ms: number) =>
  new Date(ms).toLocaleString(undefined, { weekday: 'short', hour: 'numeric', minute: '2-digit' });

const fixLabel: Record<LeagueType, string> = {
  mfl: 'Fix in the Lineup tool',
  sleeper: 'Fix on Sleeper',
  flea: 'Fix on Fleaflicker',
  espn: 'Fix on ESPN',
};
const openLabel: Record<LeagueType, string> = {
  mfl: 'Open in the Lineup tool',
  sleeper: 'Open on Sleeper',
  flea: 'Open on Fleaflicker',
  espn: 'Open on ESPN',
};

const problemTone: Record<MyWeekProblem['kind'], string> = {
  out: 'bg-red-100 text-red-900',
  ir: 'bg-red-100 text-red-900',
  doubtful: 'bg-amber-100 text-amber-900',
  bye: 'bg-slate-200 text-slate-800',
  empty: 'bg-amber-100 text-amber-900',
};

function MyWeekTool({ connections }: { connections: Connections }) {
  // The checks of the leagues' lines (zod and the shared schemas) load beside the leagues' requests,
  // once an account is known to be connected: a visitor with none never needs them.
  useEffect(() => {
    void loadReading();
  }, []);
  const [week, setWeek] = useState<number | undefined>();
  const { state, start, retry } = useMyWeekLoad();
  const queries = useServiceLeagues(connections);
  const connected = leagueTypes.filter((s) => connections[s].connected);
  const ready = connected.every((s) => !queries[s].isPending);
  const leagueErrors = connected.flatMap((s) =>
    queries[s].error ? [`${leagueTypeLabel[s]}: ${queries[s].error.message}`] : [],
  );
  const mflData = queries.mfl.data;
  const sleeperData = queries.sleeper.data;
  const fleaData = queries.flea.data;
  const espnData = queries.espn.data;
  const leagues = useMemo(() => {
    if (!ready) return [];
    const data = { mfl: mflData, sleeper: sleeperData, flea: fleaData, espn: espnData };
    return leagueTypes.filter((s) => connections[s].connected).flatMap((s) => data[s] ?? []);
  }, [ready, connections, mflData, sleeperData, fleaData, espnData]);

  // The week loads as soon as the leagues are known, and again for each week picked.
  useEffect(() => {
    if (ready) start(leagues, week);
  }, [ready, leagues, week, start]);

  const lines = state.rows.flatMap((r) => (r.line ? [r.line] : []));
  const read = lines.filter((l) => !l.error);
  const shownWeek = read.find((l) => l.week !== null)?.week ?? lines.find((l) => l.week !== null)?.week;
  const byesUnknown = read.some((l) => !l.byesKnown);
  const missing = [...new Set(read.flatMap((l) => l.missing))].filter((k): k is ExtraKind => k !== 'byes');
  const problemCount = read.reduce((n, l) => n + l.problems.length, 0);
  const withProblems = read.filter((l) => l.problems.length > 0).length;
  // Leagues with problems first, then failed ones, then the rest; by name within each.
  const order = (r: MyWeekRow) => (!r.line ? 3 : r.line.error ? 1 : r.line.problems.length > 0 ? 0 : 2);
  const rows = [...state.rows].sort(
    (a, b) => order(a) - order(b) || a.league.name.localeCompare(b.league.name),
  );
  const nameOf = useMemo(() => new Map(leagues.map((l) => [leagueKey(l), l.name])), [leagues]);
  const across = useMemo(() => freeInMost(read), [read]);

  return (
    <>
      <section className="card mb-4 p-4" aria-labelledby="week-title">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id="week-title" className="section-title">
            {shownWeek ? `Week ${shownWeek}` : 'This week'}
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor="my-week-week" className="text-sm font-semibold text-slate-700">
              Week
            </label>
            <select
              id="my-week-week"
              className="input w-auto"
              value={week ?? ''}
              onChange={(e) => setWeek(e.target.value ? Number(e.target.value) : undefined)}
            >
              <option value="">Current</option>
              {Array.from({ length: MY_WEEK_LAST_WEEK }, (_, i) => i + 1).map((w) => (
                <option key={w} value={w}>
                  Week {w}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="btn-ghost px-3 py-1.5 text-sm"
              onClick={() => start(leagues, week)}
              disabled={!ready || state.running}
            >
              Refresh
            </button>
          </div>
        </div>
        {!ready && <p className="text-sm text-slate-500">Waiting for your leagues…</p>}
        {leagueErrors.map((e) => (
          <p key={e} className="alert-error mb-2" role="alert">
            {e}
          </p>
        ))}
        {state.rows.length > 0 && <ProgressBar done={lines.length} total={state.rows.length} />}
        {read.length > 0 && (
          <p className="mt-3 text-sm text-slate-700" data-testid="problem-summary">
            {problemCount === 0
              ? `No lineup problems in ${read.length} ${read.length === 1 ? 'league' : 'leagues'}.`
              : `${problemCount} ${problemCount === 1 ? 'problem' : 'problems'} in ${withProblems} of ${read.length} ${read.length === 1 ? 'league' : 'leagues'}.`}
          </p>
        )}
        {byesUnknown && (
          <p className="mt-2 text-sm text-amber-900" data-testid="byes-unknown">
            Byes and kickoffs are unknown right now (MFL’s NFL schedule could not be read); the rest is shown.
          </p>
        )}
        <MissingExtras missing={missing} className="mt-2" />
        {ready && leagues.length === 0 && leagueErrors.length === 0 && (
          <p className="py-4 text-center text-slate-600">
            Your connected accounts have no leagues this season.
          </p>
        )}
      </section>

      <section className="mb-4" aria-labelledby="lineups-title">
        <h2 id="lineups-title" className="section-title mb-2">
          Lineups
        </h2>
        <ul className="grid gap-3 md:grid-cols-2">
          {rows.map((row) => (
            <LeagueCard key={leagueKey(row.league)} row={row} onRetry={() => retry(row.league)} />
          ))}
        </ul>
      </section>

      {read.length > 0 && (
        <section className="card mb-4 p-4" aria-labelledby="best-title">
          <h2 id="best-title" className="section-title mb-1">
            Best available
          </h2>
          <p className="mb-3 text-xs text-slate-500" data-testid="ranking-fallback">
            {fallbackText}
          </p>
          <h3 className="mb-2 font-semibold text-field-900">Free in most of your leagues</h3>
          <p className="mb-2 text-xs text-slate-500">
            Players with the site’s ADP who are free agents in the most of your leagues, best first when as
            many. Open one for where he is free and where rostered.
          </p>
          {across.length === 0 ? (
            <p className="mb-4 text-sm text-slate-600">
              No player with the site’s ADP is free in two of your leagues.
            </p>
          ) : (
            <ol className="mb-4 divide-y divide-slate-100" data-testid="free-in-most">
              {across.slice(0, 15).map(({ player, leagues: keys }) => (
                <li key={player.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
                  <Link to={statusCheckerPath(player.id)} className={`${target} font-semibold`}>
                    {player.name}
                  </Link>
                  <span className="text-slate-600">
                    {player.position} · {player.team}
                  </span>
                  <span className="ml-auto text-slate-700">
                    free in {keys.length} of {read.length} leagues
                    {player.adp !== undefined ? ` · ${adpText(player)}` : ''}
                  </span>
                </li>
              ))}
            </ol>
          )}
          <h3 className="mb-2 font-semibold text-field-900">By league</h3>
          <div className="grid gap-2">
            {read.map((line) => (
              <details
                key={`${line.type}:${line.league_id}`}
                className="rounded-md border border-slate-200 p-2"
                data-testid="best-league"
              >
                <summary className="min-h-6 cursor-pointer text-sm font-semibold text-field-900">
                  {nameOf.get(`${line.type}:${line.league_id}`) ?? line.league_id}{' '}
                  <span className="font-normal text-slate-500">({leagueTypeLabel[line.type]})</span>
                </summary>
                <BestList best={line.best} />
              </details>
            ))}
          </div>
        </section>
      )}
    </>
  );
}

/** "Startup ADP 41.2" or "Rookie ADP 3.5": the two count picks of different drafts. */
const adpText = (p: MyWeekFreeAgent) =>
  `${p.adpFrom === 'rookie' ? 'Rookie' : 'Startup'} ADP ${p.adp?.toFixed(1)}`;

function BestList({ best }: { best: readonly MyWeekFreeAgent[] }) {
  if (best.length === 0)
    return <p className="mt-2 text-sm text-slate-600">No free agents could be listed.</p>;
  return (
    <dl className="mt-2 grid gap-1 text-sm">
      {BEST_POSITIONS.map((pos) => {
        const mine = best.filter((p) => p.position === pos);
        if (mine.length === 0) return null;
        return (
          <div key={pos} className="flex flex-wrap gap-x-2">
            <dt className="w-8 font-semibold text-slate-700">{pos}</dt>
            <dd className="min-w-0 flex-1">
              {mine.map((p, i) => (
                <span key={p.id}>
                  {i > 0 && ', '}
                  <Link to={statusCheckerPath(p.id)} className={target}>
                    {p.name}
                  </Link>
                  <span className="text-slate-500">
                    {' '}
                    ({p.team}
                    {p.adp !== undefined
                      ? `, ${adpText(p)}`
                      : p.projection !== undefined
                        ? `, proj. ${p.projection.toFixed(1)}`
                        : ''}
                    )
                  </span>
                </span>
              ))}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

function ProblemItem({ problem }: { problem: MyWeekProblem }) {
  const p = problem.player;
  return (
    <li className="flex items-baseline gap-2 py-0.5" data-testid="problem">
      <span className={`shrink-0 rounded px-1.5 py-0.5 text-xs font-bold ${problemTone[problem.kind]}`}>
        {problem.kind === 'out' && problem.status && problem.status !== 'Out'
          ? problem.status
          : problemLabels[problem.kind]}
      </span>
      <span className="min-w-0">
        {p ? (
          <>
            <span className="font-semibold">{p.name}</span>{' '}
            <span className="text-slate-500">
              {p.position} · {p.team}
            </span>
          </>
        ) : (
          <span>{problem.slot ? `${problem.slot} slot is empty` : 'A starting slot is empty'}</span>
        )}
      </span>
    </li>
  );
}

/** Where the league's lineup is set: "Fix …" when it has problems. */
function FixLink({ league, line }: { league: League; line: MyWeekLeagueLine }) {
  const label = (line.problems.length > 0 ? fixLabel : openLabel)[league.type];
  if (line.fixUrl.startsWith('/'))
    return (
      <Link to={line.fixUrl} className={`${target} text-sm font-semibold`}>
        {label}
      </Link>
    );
  return (
    <a
      href={line.fixUrl}
      target="_blank"
      rel="noopener noreferrer"
      className={`${target} text-sm font-semibold`}
    >
      {label}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

function LeagueCard({ row, onRetry }: { row: MyWeekRow; onRetry: () => void }) {
  const { league, line } = row;
  return (
    <li className="card p-3" data-testid="my-week-league" data-league={leagueKey(league)}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h3 className="font-semibold text-field-900">{league.name}</h3>
        <span className="text-xs text-slate-500">
          <span className="uppercase tracking-wide">{leagueTypeLabel[league.type]}</span>
          {line?.account && line.account !== leagueTypeLabel[league.type] ? ` · ${line.account}` : ''}
        </span>
      </div>
      {!line && <p className="mt-1 text-sm text-slate-500">Loading…</p>}
      {line?.error && (
        <div className="mt-1 flex flex-wrap items-center gap-2 text-sm">
          <span className="text-red-800" role="alert">
            {line.error}
          </span>
          <button type="button" className="btn-ghost px-3 py-1 text-xs" onClick={onRetry}>
            Retry<span className="sr-only"> {league.name}</span>
          </button>
        </div>
      )}
      {line && !line.error && (
        <>
          {!line.bestBall && (
            <p className="mt-1 text-xs text-slate-600">
              {line.kickoff !== null
                ? `First game you can still change: ${kickoffText(line.kickoff)}`
                : line.byesKnown
                  ? 'All your players’ games have started.'
                  : 'Kickoff unknown.'}
            </p>
          )}
          {line.bestBall ? (
            <p className="mt-2 text-sm text-field-800">
              Best ball: {leagueTypeLabel[league.type]} sets your lineup from the week&rsquo;s scores, so
              there is nothing to set.
            </p>
          ) : line.problems.length === 0 ? (
            <p className="mt-2 text-sm text-field-800">No problems: {line.starters} starters set.</p>
          ) : (
            <ul className="mt-2 text-sm">
              {line.problems.map((p, i) => (
                // Two empty slots of one position are alike: the position in the list tells them apart.
                // biome-ignore lint/suspicious/noArrayIndexKey: the list is never reordered
                <ProblemItem key={`${p.kind}:${p.player?.id ?? p.slot}:${i}`} problem={p} />
              ))}
            </ul>
          )}
          {!line.bestBall && (
            <div className="mt-2">
              <FixLink league={league} line={line} />
            </div>
          )}
        </>
      )}
    </li>
  );
}
