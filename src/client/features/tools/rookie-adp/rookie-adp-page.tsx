import { useEffect, useMemo, useState } from 'react';
import { CheckBox } from '#client/components/check-box.tsx';
import { CsvButton } from '#client/components/csv-button.tsx';
import { WithSidebar } from '#client/components/layout/sidebar.tsx';
import { usePageTitle } from '#client/components/page-title.tsx';
import { Spinner } from '#client/components/spinner.tsx';
import { useSearchParams } from '#client/router/router.tsx';
import { rookieAdpPositions } from '#common/position-order.ts';
import { adpCaption, adpCsv, adpFilterProblems } from '#common/rookie-adp.ts';
import { useAdp } from './api/fetch-adp.ts';
import { AdpChart } from './components/adp-chart.tsx';
import { AdpFilters } from './components/adp-filters.tsx';
import { AdpTable } from './components/adp-table.tsx';
import { ViewSwitch } from './components/view-switch.tsx';
import {
  type AdpFilterState,
  filterFromParams,
  hasFilterParams,
  hiddenFromParams,
  toParams,
} from './url-state.ts';

const SERVICE_LABEL = 'MFL';
/** Below this many drafts an average says more about a few managers than about the market. */
const MIN_DRAFTS = 10;

export function Component() {
  usePageTitle('MFL Rookie ADP');
  const [params, setParams] = useSearchParams();
  // The filter shown is the one in the URL (or the defaults); edits apply on Get ADP.
  const filterKey = ['ppr', 'idp', 'sizes', 'types', 'from', 'to'].map((k) => params.get(k)).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed only when the filter part of the URL changes
  const applied = useMemo(() => filterFromParams(params), [filterKey]);
  const hidden = useMemo(() => hiddenFromParams(params), [params]);
  const [form, setForm] = useState<AdpFilterState>(applied);
  const [problems, setProblems] = useState<string[]>(() =>
    hasFilterParams(params) ? adpFilterProblems(applied) : [],
  );
  useEffect(() => setForm(applied), [applied]);

  const valid = adpFilterProblems(applied).length === 0;
  const query = useAdp({ ...applied, service: 'mfl' }, valid);
  const loading = query.isFetching;

  const submit = () => {
    const found = adpFilterProblems(form);
    setProblems(found);
    if (found.length > 0) return;
    const next = toParams(form, hidden);
    if (view === 'chart') next.set('view', 'chart');
    if (next.toString() === params.toString()) void query.refetch();
    else setParams(next, { preventScrollReset: true });
  };

  const setHidden = (position: string, shown: boolean) => {
    const next = new Set(hidden);
    if (shown) next.delete(position);
    else next.add(position);
    const p = toParams(applied, next);
    if (view === 'chart') p.set('view', 'chart');
    setParams(p, { replace: true, preventScrollReset: true });
  };

  const view = params.get('view') === 'chart' ? 'chart' : 'table';
  const setView = (next: 'table' | 'chart') => {
    const p = new URLSearchParams(params);
    if (next === 'chart') p.set('view', 'chart');
    else p.delete('view');
    setParams(p, { replace: true, preventScrollReset: true });
  };

  const data = query.data;
  // Too few drafts are shown only on request, and then as what they are.
  const [showFew, setShowFew] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer asks again
  useEffect(() => setShowFew(false), [data]);
  const few = data !== undefined && data.players.length > 0 && data.totalLeagues < MIN_DRAFTS;
  const positions = useMemo(() => rookieAdpPositions.positionsOf(data?.players ?? []), [data]);
  const players = useMemo(() => (data?.players ?? []).filter((p) => !hidden.has(p.position)), [data, hidden]);
  // Each player's place among all positions, shown once a position is filtered out.
  const overall = useMemo(
    () =>
      data && players.length < data.players.length
        ? new Map(data.players.map((p, i) => [p.id, i + 1]))
        : undefined,
    [data, players],
  );

  return (
    <WithSidebar>
      <h1 className="page-title mb-1">MFL Rookie ADP</h1>
      <p className="mb-4 max-w-2xl text-slate-600">
        Where rookies really go in MFL rookie drafts: average draft position by scoring, IDP, league size and
        QB format, from drafts in the dates you choose.
      </p>

      <AdpFilters value={form} onChange={setForm} onSubmit={submit} loading={loading} problems={problems} />

      <section aria-label="Results" aria-busy={loading} className="mt-4 space-y-4">
        {loading ? (
          <div className="card">
            <Spinner label="Loading ADP" />
          </div>
        ) : query.isError ? (
          <p className="alert-error" role="alert">
            {query.error.message}
          </p>
        ) : data ? (
          <div className="card p-4 sm:p-5">
            <div className="mb-3 flex flex-wrap items-start justify-between gap-3">
              <p className="text-sm text-slate-600" data-testid="adp-caption">
                {adpCaption(data.totalLeagues, SERVICE_LABEL, applied.startDate, applied.endDate)}
              </p>
              {data.players.length > 0 && !(few && !showFew) && (
                <div className="flex items-center gap-2">
                  <ViewSwitch view={view} onChange={setView} />
                  <CsvButton
                    csv={() => adpCsv(players)}
                    fileName={`rookie-adp-${applied.startDate}-to-${applied.endDate}.csv`}
                    disabled={players.length === 0}
                  />
                </div>
              )}
            </div>
            {data.players.length === 0 ? (
              <p className="rounded-lg bg-slate-50 px-4 py-10 text-center font-semibold text-slate-600">
                No Draft Data Found.
              </p>
            ) : few && !showFew ? (
              <div
                className="rounded-lg bg-gold-100 px-4 py-6 text-center"
                role="status"
                data-testid="adp-too-few"
              >
                <p className="font-semibold text-field-900">
                  Only {data.totalLeagues} {data.totalLeagues === 1 ? 'draft matches' : 'drafts match'} these
                  filters: too few for an average to mean much.
                </p>
                <p className="mt-1 text-sm text-slate-700">
                  Widen the dates or check more league sizes and formats to see a reliable ADP.
                </p>
                <button type="button" className="btn-ghost mt-3" onClick={() => setShowFew(true)}>
                  Show these {data.totalLeagues} {data.totalLeagues === 1 ? 'draft' : 'drafts'} anyway
                </button>
              </div>
            ) : (
              <>
                {few && (
                  <p className="mb-3 text-sm font-semibold text-field-900" data-testid="adp-few-warning">
                    Based on only {data.totalLeagues} {data.totalLeagues === 1 ? 'draft' : 'drafts'}: read
                    these figures as anecdotes, not as ADP.
                  </p>
                )}
                <fieldset className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-2">
                  <legend className="label mb-1.5">Positions</legend>
                  {positions.map((p) => (
                    <CheckBox
                      key={p}
                      showLabel
                      label={p}
                      checked={!hidden.has(p)}
                      onChange={(on) => setHidden(p, on)}
                    />
                  ))}
                </fieldset>
                {players.length === 0 ? (
                  <p className="py-6 text-center text-slate-600">Check a position to see its players.</p>
                ) : view === 'chart' ? (
                  <AdpChart players={players} />
                ) : (
                  <AdpTable players={players} overall={overall} />
                )}
              </>
            )}
          </div>
        ) : null}
      </section>

      <p className="mt-6 max-w-2xl text-sm text-slate-600" data-testid="adp-source-note">
        The drafts come from public MFL and Sleeper leagues the site finds by itself (MFL's league search and
        the leagues of Sleeper players), leagues the site lists, and the leagues of visitors who connect their
        accounts. Each draft is read once, and again while it is still under way.
      </p>
    </WithSidebar>
  );
}
