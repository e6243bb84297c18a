import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '#client/components/error-alert.tsx';
import { Spinner } from '#client/components/spinner.tsx';
import { type AdpData, leagueSourceLabel, skipReasonLabel } from '#common/adp-data.ts';
import { AdminFrame } from './admin-frame.tsx';
import { AdpSourcesPanel } from './adp-sources-panel.tsx';
import { useAddAdpLeague, useAdpData, useDiscoveryAction } from './api/adp-data.ts';

/*
 * The Rookie ADP data page (super users): what the draft store holds and where it came from, how the
 * last discovery runs went, and the controls that steer discovery.
 */

const serviceLabel = { mfl: 'MFL', sleeper: 'Sleeper' } as const;
const fmt = (n: number) => n.toLocaleString('en-US');
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US') : '—');
const seconds = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`);

export function Component() {
  return (
    <AdminFrame title="Rookie ADP data" superOnly>
      {() => <AdpDataScreen />}
    </AdminFrame>
  );
}

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="mb-1 text-left font-semibold text-field-900">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-slate-600">
            {head.map((h, i) => (
              <th key={h} scope="col" className={`px-2 py-1 font-semibold ${i > 0 ? 'text-right' : ''}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={head.length} className="px-2 py-2 text-slate-500">
                Nothing yet.
              </td>
            </tr>
          ) : (
            rows.map((r) => (
              <tr key={r.join('|')} className="border-b border-slate-100">
                {r.map((c, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in a fixed order
                  <td key={i} className={`px-2 py-1 ${i > 0 ? 'text-right tabular-nums' : ''}`}>
                    {typeof c === 'number' ? fmt(c) : c}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

function Discovery({ data }: { data: AdpData }) {
  const action = useDiscoveryAction();
  const d = data.discovery;
  const state = !d.enabled
    ? 'Off (ADP_DISCOVERY=0): only configured and added leagues are read'
    : d.paused
      ? 'Paused'
      : d.running
        ? 'Running'
        : `Waiting — next run ${when(d.nextRunAt)}`;
  return (
    <section className="card p-4" aria-labelledby="adp-discovery">
      <h2 id="adp-discovery" className="section-title mb-2">
        Discovery
      </h2>
      <p className="mb-1" data-testid="discovery-state">
        <strong>Status:</strong> {state}
      </p>
      <p className="mb-3 text-sm text-slate-600">
        Background reads use at most {Math.round(d.share * 100)}% of each service's rate limit and{' '}
        {fmt(d.requestsPerRun)} requests per service per run.
        {d.lastError ? ` Last run failed (${d.failures}×): ${d.lastError}` : ''}
      </p>
      <div className="flex flex-wrap gap-2">
        {d.paused ? (
          <button
            type="button"
            className="btn-primary"
            disabled={action.isPending}
            onClick={() => action.mutate('resume')}
          >
            Resume discovery
          </button>
        ) : (
          <button
            type="button"
            className="btn-ghost"
            disabled={action.isPending}
            onClick={() => action.mutate('pause')}
          >
            Pause discovery
          </button>
        )}
        <button
          type="button"
          className="btn-accent"
          disabled={action.isPending || d.paused}
          onClick={() => action.mutate('run')}
        >
          Run now
        </button>
      </div>
      {action.error && <ErrorAlert title="Could not change discovery" error={action.error} />}
    </section>
  );
}

function AddLeague() {
  const [league, setLeague] = useState('');
  const add = useAddAdpLeague();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(league, { onSuccess: () => setLeague('') });
  };
  return (
    <section className="card p-4" aria-labelledby="adp-add">
      <h2 id="adp-add" className="section-title mb-2">
        Add a league
      </h2>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <label className="flex min-w-64 flex-1 flex-col gap-1 text-sm font-semibold">
          League id or address
          <input
            className="input font-normal"
            value={league}
            onChange={(e) => setLeague(e.target.value)}
            placeholder="https://www44.myfantasyleague.com/2026/home/12345 or https://sleeper.com/leagues/…"
            required
            maxLength={300}
          />
        </label>
        <button type="submit" className="btn-primary" disabled={add.isPending || league.trim() === ''}>
          Add league
        </button>
      </form>
      {add.error && <ErrorAlert title="Could not add the league" error={add.error} />}
      {add.data && (
        <p role="status" className="mt-2 text-sm text-field-800">
          {serviceLabel[add.data.service]} league {add.data.leagueId}{' '}
          {add.data.added
            ? 'added; it is read in the next run.'
            : 'was already known; it is read again soon.'}
        </p>
      )}
    </section>
  );
}

function AdpDataScreen() {
  const { data, error, isPending } = useAdpData();
  if (error) return <ErrorAlert title="Error getting the ADP data" error={error} />;
  if (isPending) return <Spinner label="Loading the ADP data" />;
  const typeLabel = (t: AdpData['byType'][number]) =>
    [t.qbFormat, t.idp ? 'IDP' : '', t.ppr ? 'PPR' : 'non-PPR'].filter(Boolean).join(' · ');
  return (
    <div className="grid gap-4">
      <Discovery data={data} />
      <AdpSourcesPanel sources={data.answerSources} />
      <section className="card grid gap-4 p-4 lg:grid-cols-2" aria-label="What the store holds">
        <Table
          caption="By service"
          head={['Service', 'Leagues', 'Read', 'With drafts', 'Skipped', 'Due', 'Failing', 'Drafts']}
          rows={data.byService.map((s) => [
            serviceLabel[s.service],
            s.leagues,
            s.read,
            s.withDrafts,
            s.skipped,
            s.due,
            s.failing,
            s.drafts,
          ])}
        />
        <Table
          caption="Sources"
          head={['Source', 'Leagues', 'Drafts']}
          rows={data.sources.map((s) => [leagueSourceLabel[s.source], s.leagues, s.drafts])}
        />
        <Table
          caption="Drafts by month"
          head={['Month', 'Service', 'Drafts']}
          rows={data.byMonth.map((m) => [m.month, serviceLabel[m.service], m.drafts])}
        />
        <Table
          caption="Drafts by league type"
          head={['Type', 'Drafts']}
          rows={data.byType.map((t) => [typeLabel(t), t.drafts])}
        />
        <Table
          caption="Skipped leagues"
          head={['Why', 'Leagues']}
          rows={data.skips.map((s) => [skipReasonLabel[s.reason] ?? s.reason, s.leagues])}
        />
        <Table
          caption="Still to explore"
          head={['Kind', 'Due', 'Done']}
          rows={data.frontier.map((f) => [
            f.kind === 'mfl-search' ? 'MFL searches' : 'Sleeper users',
            f.due,
            f.done,
          ])}
        />
      </section>
      <AddLeague />
      <section className="card p-4" aria-label="Last runs">
        <Table
          caption="Last runs"
          head={[
            'Started',
            'Status',
            'Duration',
            'MFL requests',
            'Sleeper requests',
            'Errors',
            'Read',
            'Found',
            'Drafts',
          ]}
          rows={data.runs.map((r) => [
            when(r.startedAt),
            r.status,
            seconds(r.durationMs),
            r.requests.mfl,
            r.requests.sleeper,
            r.errors,
            r.leaguesRead,
            r.leaguesFound,
            r.drafts,
          ])}
        />
      </section>
    </div>
  );
}
