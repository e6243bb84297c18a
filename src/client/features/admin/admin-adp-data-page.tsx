import { type FormEvent, useState } from 'react';
import { fieldError } from '#client/api/http.ts';
import { ErrorAlert } from '#client/components/error-alert.tsx';
import { Spinner } from '#client/components/spinner.tsx';
import { TextField } from '#client/components/text-field.tsx';
import {
  type AdpData,
  leagueSourceLabel,
  MAX_LISTED_FLEA_LEAGUES,
  MAX_LISTED_MFL_LEAGUES,
  parseLeagueReference,
  skipReasonLabel,
} from '#common/adp-data.ts';
import { AdminFrame } from './admin-frame.tsx';
import { AdpSourcesPanel } from './adp-sources-panel.tsx';
import {
  useAddAdpLeague,
  useAdpData,
  useDiscoveryAction,
  useListedAdpLeagues,
  useRemoveAdpLeague,
} from './api/adp-data.ts';

/*
 * The Rookie ADP data page (super users): what the draft store holds and where it came from, how the
 * last discovery runs went, and the controls that steer discovery.
 */

const serviceLabel = { mfl: 'MFL', sleeper: 'Sleeper', flea: 'Fleaflicker' } as const;
const fmt = (n: number) => n.toLocaleString('en-US');
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US') : '—');
const seconds = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`);

export function AdminAdpDataPage() {
  return (
    <AdminFrame title="Rookie ADP data" superOnly="manage the Rookie ADP data and its league sources">
      {() => <AdpDataScreen />}
    </AdminFrame>
  );
}

/**
 * A table of figures. With `stackOnPhone` (tables of many columns), a phone shows each row as a short
 * list of its figures instead, so nothing runs past the screen; a wider screen shows the table, which
 * scrolls inside its own box when it is still too wide.
 */
function Table({
  caption,
  head,
  rows,
  stackOnPhone = false,
}: {
  caption: string;
  head: string[];
  rows: (string | number)[][];
  stackOnPhone?: boolean;
}) {
  const cell = (c: string | number) => (typeof c === 'number' ? fmt(c) : c);
  const id = `adp-${caption.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <div className="min-w-0">
      {stackOnPhone && (
        <div className="sm:hidden" data-testid="phone-stack">
          <p id={id} className="mb-1 font-semibold text-field-900">
            {caption}
          </p>
          {rows.length === 0 ? (
            <p className="px-2 py-2 text-sm text-slate-500">Nothing yet.</p>
          ) : (
            <ul aria-labelledby={id} className="grid gap-2 text-sm">
              {rows.map((r) => (
                <li key={r.join('|')} className="rounded-md border border-slate-200 px-3 py-2">
                  <p className="font-semibold text-field-900">{cell(r[0])}</p>
                  <dl className="mt-1 grid grid-cols-2 gap-x-4 gap-y-0.5">
                    {r.slice(1).map((c, i) => (
                      <div key={head[i + 1]} className="flex justify-between gap-2">
                        <dt className="text-slate-600">{head[i + 1]}</dt>
                        <dd className="tabular-nums">{cell(c)}</dd>
                      </div>
                    ))}
                  </dl>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div className={`overflow-x-auto ${stackOnPhone ? 'hidden sm:block' : ''}`}>
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
                      {cell(c)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function Discovery({ data }: { data: AdpData }) {
  const action = useDiscoveryAction();
  const d = data.discovery;
  const state = !d.enabled
    ? 'Off (ADP_SLEEPER_WALK=0, and no MFL search): only configured and added leagues are read'
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
  const [permission, setPermission] = useState(false);
  const add = useAddAdpLeague();
  const listed = useListedAdpLeagues();
  const remove = useRemoveAdpLeague();
  const parsed = parseLeagueReference(league);
  const isMfl = parsed?.service === 'mfl';
  const isFlea = parsed?.service === 'flea';
  // MFL and Fleaflicker leagues need their commissioner's permission.
  const needsPermission = isMfl || isFlea;
  const mflListed = listed.data?.leagues.filter((l) => l.service === 'mfl').length;
  const fleaListed = listed.data?.leagues.filter((l) => l.service === 'flea').length;
  // A league its service does not have (or keeps private) is said beside the field; a service that
  // cannot be reached, in the box below the form.
  const leagueError = fieldError(add.error, 'league');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(
      { league, commissionerPermission: needsPermission ? permission : undefined },
      {
        onSuccess: () => {
          setLeague('');
          setPermission(false);
        },
      },
    );
  };
  return (
    <section className="card p-4" aria-labelledby="adp-add">
      <h2 id="adp-add" className="section-title mb-2">
        Add a league
      </h2>
      <p className="mb-3 max-w-3xl text-sm text-slate-600" data-testid="adp-add-terms">
        Sleeper leagues are public and may be listed freely. An MFL league may be listed only with the
        permission of its commissioner: MFL&rsquo;s terms forbid harvesting league data. At most{' '}
        {MAX_LISTED_MFL_LEAGUES} MFL leagues can be listed
        {mflListed === undefined ? '' : ` (${mflListed} listed)`}. A Fleaflicker league (its fleaflicker.com
        address, or <code>flea:</code> and its id) is listed on the same terms, at most{' '}
        {MAX_LISTED_FLEA_LEAGUES}
        {fleaListed === undefined ? '' : ` (${fleaListed} listed)`}: it feeds trade values only, not Rookie
        ADP (its completed trades are read once a day).
      </p>
      <form onSubmit={submit} className="grid gap-3">
        {/* The league is read from its service before it is listed: what it cannot read is said here. */}
        <TextField
          id="adp-league"
          label="League id or address"
          className="font-normal"
          value={league}
          onChange={(e) => {
            setLeague(e.target.value);
            if (add.error) add.reset();
          }}
          placeholder="https://www44.myfantasyleague.com/2026/home/12345, https://sleeper.com/leagues/… or https://www.fleaflicker.com/nfl/leagues/…"
          required
          limit={300}
          counterFrom={240}
          error={leagueError}
        />
        {needsPermission && (
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-field-700"
              checked={permission}
              onChange={(e) => setPermission(e.target.checked)}
            />
            {isFlea ? (
              <span>
                <strong>This Fleaflicker league&rsquo;s commissioner has agreed</strong> to its completed
                trades being read for trade values.
              </span>
            ) : (
              <span>
                <strong>This MFL league&rsquo;s commissioner has agreed</strong> to its rookie drafts being
                read for Rookie ADP.
              </span>
            )}
          </label>
        )}
        <div>
          <button
            type="submit"
            className="btn-primary"
            disabled={add.isPending || league.trim() === '' || (needsPermission && !permission)}
          >
            {add.isPending ? 'Checking the league…' : 'Add league'}
          </button>
        </div>
      </form>
      {add.error && !leagueError && <ErrorAlert title="Could not add the league" error={add.error} />}
      {add.data && (
        <p role="status" className="mt-2 text-sm text-field-800">
          {serviceLabel[add.data.service]} league {add.data.leagueId}{' '}
          {add.data.service === 'flea'
            ? add.data.added
              ? 'added; its trades are read for trade values within the hour.'
              : 'was already listed.'
            : add.data.added
              ? 'added; it is read in the next run.'
              : 'was already known; it is read again soon.'}
        </p>
      )}
      {listed.data && listed.data.leagues.length > 0 && (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="mb-1 text-left font-semibold text-field-900">Listed here</caption>
            <thead>
              <tr className="border-b border-slate-200 text-left text-slate-600">
                <th scope="col" className="px-1 py-1 sm:px-2 font-semibold">
                  League
                </th>
                <th scope="col" className="px-1 py-1 sm:px-2 text-right font-semibold">
                  Drafts / trades
                </th>
                <th scope="col" className="px-1 py-1 sm:px-2 font-semibold">
                  Known since
                </th>
                <th scope="col" className="px-1 py-1 sm:px-2">
                  <span className="sr-only">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {listed.data.leagues.map((l) => (
                <tr key={`${l.service}:${l.leagueId}`} className="border-b border-slate-100">
                  {/* A Sleeper id is 18–19 digits: it wraps rather than widening the table on a phone. */}
                  <td className="px-1 py-1 sm:px-2 wrap-anywhere">
                    {/* The service's name stays whole; the id may wrap. */}
                    <span className="whitespace-nowrap">{serviceLabel[l.service]}</span> {l.leagueId}
                    {l.feeds === 'trades' && (
                      <span className="block text-xs text-slate-600">Feeds trade values, not ADP</span>
                    )}
                  </td>
                  <td className="px-1 py-1 sm:px-2 text-right tabular-nums">
                    {/* A Fleaflicker league holds no drafts: it is read for its trades only. */}
                    {l.feeds === 'trades' ? '—' : fmt(l.drafts)} / {fmt(l.trades)}
                  </td>
                  <td className="px-1 py-1 sm:px-2">{when(l.knownSince)}</td>
                  <td className="px-1 py-1 sm:px-2 text-right">
                    <button
                      type="button"
                      className="btn-ghost px-2 py-1 text-xs"
                      disabled={remove.isPending}
                      onClick={() => remove.mutate({ service: l.service, leagueId: l.leagueId })}
                      aria-label={`Remove ${serviceLabel[l.service]} league ${l.leagueId}`}
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {remove.error && <ErrorAlert title="Could not remove the league" error={remove.error} />}
    </section>
  );
}

function AdpDataScreen() {
  const { data, error, isPending } = useAdpData();
  if (error) return <ErrorAlert title="Error getting the ADP data" error={error} />;
  if (isPending) return <Spinner label="Loading the ADP data" />;
  const typeLabel = (t: AdpData['byType'][number]) =>
    [t.qbFormat, t.idp ? 'IDP' : '', t.ppr ? 'PPR' : 'non-PPR'].filter(Boolean).join(' · ');
  // One column that never grows past the screen (minmax(0, 1fr)): a wide table scrolls in its own box.
  return (
    <div className="grid grid-cols-1 gap-4">
      <Discovery data={data} />
      <AdpSourcesPanel sources={data.answerSources} />
      <section className="card grid grid-cols-1 gap-4 p-4 lg:grid-cols-2" aria-label="What the store holds">
        <Table
          caption="By service"
          stackOnPhone
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
          stackOnPhone
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
