import { lazy, Suspense, use, useEffect, useMemo, useRef, useState } from 'react';
import { useServiceLeagues } from '#client/api/leagues.ts';
import { CsvButton } from '#client/components/csv-button.tsx';
import { ProgressBar } from '#client/components/progress-bar.tsx';
import { Spinner } from '#client/components/spinner.tsx';
import { leagueKey } from '#common/league-plan.ts';
import { leagueTypes } from '#common/league-types.ts';
import type { Connections, League } from '#common/leagues.ts';
import { rostershipPositions } from '#common/position-order.ts';
import {
  deriveRows,
  draftYearsOf,
  filterRows,
  type RostershipRow,
  type RostershipSortKey,
  rowsToCsv,
  sortRows,
} from '#common/rostership-rows.ts';
import { MissingExtras } from '../missing-extras.tsx';
import { ToolPage } from '../tool-page.tsx';
import { loadReading } from './api/load-reading.ts';
import { FailedLeagues } from './components/failed-leagues.tsx';
import type { ServiceLeagues } from './components/league-table.tsx';
import type { SortOrder } from './components/players-table.tsx';
import { useRostershipLoad } from './use-rostership-load.ts';

// The checks of what the page reads (zod and the shared schemas) and what shows the players load
// once an account is known to be connected, beside the leagues' requests, not with the page: a
// visitor with none connected never needs them.
const loadResults = () => import('./components/results.ts');
const LeagueTable = lazy(async () => ({ default: (await loadResults()).LeagueTable }));
const PlayerFilters = lazy(async () => ({ default: (await loadResults()).PlayerFilters }));
const PlayerLeaguesModal = lazy(async () => ({ default: (await loadResults()).PlayerLeaguesModal }));
const PlayersTable = lazy(async () => ({ default: (await loadResults()).PlayersTable }));
const TopPlayersChart = lazy(async () => ({ default: (await loadResults()).TopPlayersChart }));

/** Which accounts are connected, so a stored result is only shown to the same accounts. */
const accountOf = (c: Connections) =>
  `mfl:${c.mfl.connected}|sleeper:${c.sleeper.username ?? c.sleeper.connected}|flea:${c.flea.email ?? c.flea.connected}|espn:${c.espn.label ?? c.espn.connected}`;

/** Text columns sort A→Z first; numbers and flags most first. */
const descFirst: Record<RostershipSortKey, boolean> = {
  name: false,
  position: false,
  team: false,
  count: true,
  rosterRate: true,
  flags: true,
};

export function RostershipPage() {
  return (
    <ToolPage
      title="Rostership"
      intro="How many of your leagues roster each player, across MFL, Sleeper, Fleaflicker and ESPN."
      notConnected="Connect at least one account above to list your leagues and see who is on your teams."
    >
      {(c) => <Rostership connections={c} />}
    </ToolPage>
  );
}

/** The tool for connected accounts: its code and the accounts' leagues are asked for together. */
function Rostership({ connections }: { connections: Connections }) {
  useEffect(() => {
    void loadReading();
    void loadResults();
  }, []);
  useServiceLeagues(connections);
  return (
    <Suspense fallback={<Spinner label="Loading Rostership" />}>
      <RostershipTool key={accountOf(connections)} connections={connections} />
    </Suspense>
  );
}

function RostershipTool({ connections }: { connections: Connections }) {
  const account = accountOf(connections);
  const { readStored, writeStored } = use(loadReading());
  const [stored] = useState(() => readStored(account));
  const { state, start, refresh, retry } = useRostershipLoad(stored);
  const [inactive, setInactive] = useState<Set<string>>(() => new Set(stored?.inactive));
  const [hiddenPositions, setHiddenPositions] = useState<Set<string>>(() => new Set());
  const [year, setYear] = useState<number | undefined>();
  const [name, setName] = useState('');
  const [sort, setSort] = useState<SortOrder>({ key: 'count', desc: true });
  const [openId, setOpenId] = useState<string>();

  const queries = useServiceLeagues(connections);
  const serviceLeagues: ServiceLeagues[] = leagueTypes
    .filter((s) => connections[s].connected)
    .map((s) => ({
      service: s,
      leagues: queries[s].data ?? [],
      loading: queries[s].isPending,
      error: queries[s].error?.message,
    }));
  const leaguesReady = serviceLeagues.every((s) => !s.loading);
  const allLeagues = serviceLeagues.flatMap((s) => s.leagues);
  const activeLeagues = allLeagues.filter((l) => !inactive.has(leagueKey(l)));
  const leagueByKey = useMemo(() => new Map(allLeagues.map((l) => [leagueKey(l), l])), [allLeagues]);

  // A stored result is shown at once and refreshed behind the scenes once the leagues are known;
  // one that names leagues these accounts no longer have is dropped instead.
  const refreshed = useRef(false);
  useEffect(() => {
    if (refreshed.current || !leaguesReady || !stored || stored.players.length === 0) return;
    refreshed.current = true;
    const known = new Set(allLeagues.map(leagueKey));
    const belongs = stored.players.every((p) => p.leagues.every((l) => known.has(leagueKey(l))));
    if (belongs && activeLeagues.length > 0) refresh(activeLeagues);
    else start([]);
  }, [leaguesReady, stored, allLeagues, activeLeagues, refresh, start]);

  // The last complete result (and the league choices) are kept for the next visit.
  useEffect(() => {
    if (state.running || state.staleSince) return;
    writeStored({
      account,
      savedAt: Date.now(),
      answered: state.answered,
      players: state.players,
      inactive: [...inactive],
    });
  }, [account, writeStored, state.running, state.staleSince, state.answered, state.players, inactive]);

  const rows = useMemo(() => deriveRows(state.players, state.answered), [state.players, state.answered]);
  const positions = useMemo(() => rostershipPositions.positionsOf(rows), [rows]);
  const years = useMemo(() => draftYearsOf(state.players), [state.players]);
  const view = useMemo(() => {
    const shown = new Set(positions.filter((p) => !hiddenPositions.has(p)));
    return sortRows(filterRows(rows, { positions: shown, draftYear: year, name }), sort.key, sort.desc);
  }, [rows, positions, hiddenPositions, year, name, sort]);
  const open: RostershipRow | undefined = openId ? rows.find((r) => r.id === openId) : undefined;

  const toggleLeagues = (keys: string[], active: boolean) =>
    setInactive((s) => {
      const next = new Set(s);
      for (const k of keys) active ? next.delete(k) : next.add(k);
      return next;
    });
  const onSort = (key: RostershipSortKey) =>
    setSort((s) => (s.key === key ? { key, desc: !s.desc } : { key, desc: descFirst[key] }));

  // The bar stays after a run, full, as the record of how many leagues were asked for.
  const showProgress = state.total > 0;
  const hasResult = state.players.length > 0 || state.done > 0;

  return (
    <>
      <section className="card mb-4 p-4" aria-labelledby="leagues-title">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id="leagues-title" className="section-title">
            Your leagues
          </h2>
          <span className="text-sm text-slate-600">
            {activeLeagues.length} of {allLeagues.length} active
          </span>
        </div>
        <Suspense fallback={<Spinner label="Loading your leagues" />}>
          <LeagueTable services={serviceLeagues} inactive={inactive} onToggle={toggleLeagues} />
        </Suspense>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <button
            type="button"
            className="btn-accent"
            onClick={() => start(activeLeagues)}
            disabled={!leaguesReady || activeLeagues.length === 0}
          >
            {state.running && !state.staleSince ? 'Loading players…' : 'Get Players'}
          </button>
          {!leaguesReady && <span className="text-sm text-slate-500">Waiting for your leagues…</span>}
        </div>
      </section>

      <section className="card p-4" aria-labelledby="players-title">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id="players-title" className="section-title">
            Players
          </h2>
          {hasResult && (
            <div className="flex items-center gap-3 text-sm text-slate-600">
              <span>
                {view.length} of {rows.length} {rows.length === 1 ? 'player' : 'players'} · {state.answered}{' '}
                {state.answered === 1 ? 'league' : 'leagues'} read
              </span>
              <CsvButton
                csv={() => rowsToCsv(view)}
                fileName={`rostership-${new Date().toISOString().slice(0, 10)}.csv`}
                disabled={view.length === 0}
              />
            </div>
          )}
        </div>
        {state.staleSince && (
          <p className="mb-3 rounded-md border border-gold-500/40 bg-gold-100 px-3 py-2 text-sm text-field-900">
            Showing your last result from {new Date(state.staleSince).toLocaleString()}
            {state.running ? ' while it refreshes.' : '.'}
          </p>
        )}
        {showProgress && (
          <div className="mb-3">
            <ProgressBar done={state.done} total={state.total} />
          </div>
        )}
        <div className="mb-3">
          <FailedLeagues failed={state.failed} retrying={state.retrying} onRetry={retry} />
        </div>
        <MissingExtras missing={state.missing} className="mb-3" />
        {!hasResult && !state.running && (
          <p className="py-6 text-center text-slate-600">
            Choose the leagues to count and press <strong>Get Players</strong>.
          </p>
        )}
        {hasResult && !state.running && state.players.length === 0 && state.answered > 0 && (
          <p className="py-6 text-center text-slate-600">No players on the rosters of these leagues.</p>
        )}
        {state.players.length > 0 && (
          <Suspense fallback={<Spinner label="Loading the players" />}>
            <div className="mb-4 border-b border-slate-200 pb-4">
              <PlayerFilters
                positions={positions}
                hidden={hiddenPositions}
                onTogglePosition={(p, shown) =>
                  setHiddenPositions((s) => {
                    const next = new Set(s);
                    shown ? next.delete(p) : next.add(p);
                    return next;
                  })
                }
                years={years}
                year={year}
                onYear={setYear}
                name={name}
                onName={setName}
              />
            </div>
            {view.length > 0 && (
              <details className="mb-4 rounded-md border border-slate-200 p-3" open>
                <summary className="min-h-6 cursor-pointer py-0.5 text-sm font-semibold text-field-900">
                  Chart
                </summary>
                <div className="mt-2">
                  <TopPlayersChart rows={view} />
                </div>
              </details>
            )}
            {view.length === 0 ? (
              <p className="py-6 text-center text-slate-600">No players match these filters.</p>
            ) : (
              <PlayersTable rows={view} sort={sort} onSort={onSort} onOpen={(r) => setOpenId(r.id)} />
            )}
          </Suspense>
        )}
      </section>

      <Suspense fallback={null}>
        <PlayerLeaguesModal
          player={open}
          leagues={leagueByKey as ReadonlyMap<string, League>}
          onClose={() => setOpenId(undefined)}
        />
      </Suspense>
    </>
  );
}
