import type { AdpSourceStats } from '#common/adp-sources.ts';

/*
 * The admin data page's "Where the numbers come from": the drafts the site stores per service, MFL's
 * own aggregate (its latest good answer and how old it is), the copies of MFL's counts kept for its
 * trends (decision 025), and MFL's 429s (decision 018).
 */

const serviceLabel = { mfl: 'MFL', sleeper: 'Sleeper' } as const;
const pprLabel: Record<string, string> = { '0': 'any scoring', '1': 'PPR', '-1': 'non-PPR' };
const fmt = (n: number) => n.toLocaleString('en-US');
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US') : '—');
const day = (iso: string | null) =>
  iso ? new Date(`${iso.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC' }) : '—';

/** "3 h 05 min", "12 min", "40 s". */
export function ageText(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return `${Math.max(0, Math.round(ms / 1000))} s`;
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
  return `${Math.floor(hours / 24)} days`;
}

export function AdpSourcesPanel({ sources }: { sources: AdpSourceStats }) {
  const mfl = sources.mflAggregate;
  const copies = sources.mflCopies;
  return (
    <section className="card p-4" aria-labelledby="adp-sources" data-testid="adp-sources">
      <h2 id="adp-sources" className="section-title mb-2">
        Where the numbers come from
      </h2>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-left text-slate-600">
              <th scope="col" className="px-2 py-1 font-semibold">
                Source
              </th>
              <th scope="col" className="px-2 py-1 text-right font-semibold">
                Drafts
              </th>
              <th scope="col" className="px-2 py-1 text-right font-semibold">
                Newest draft
              </th>
            </tr>
          </thead>
          <tbody>
            {sources.store.map((s) => (
              <tr key={s.service} className="border-b border-slate-100">
                <td className="px-2 py-1">{serviceLabel[s.service]} drafts this site stores</td>
                <td className="px-2 py-1 text-right tabular-nums">{fmt(s.drafts)}</td>
                <td className="px-2 py-1 text-right">{when(s.newestDraftAt)}</td>
              </tr>
            ))}
            {sources.startup.map((s) => (
              <tr key={`${s.service}-${s.kind}`} className="border-b border-slate-100">
                <td className="px-2 py-1">
                  {serviceLabel[s.service]} startup {s.kind === 'snake' ? 'snake drafts' : 'auctions'} this
                  site stores
                </td>
                <td className="px-2 py-1 text-right tabular-nums">{fmt(s.drafts)}</td>
                <td className="px-2 py-1 text-right">{when(s.newestDraftAt)}</td>
              </tr>
            ))}
            <tr className="border-b border-slate-100">
              <td className="px-2 py-1">MFL's own ADP (latest answer)</td>
              <td className="px-2 py-1 text-right tabular-nums">
                {mfl.drafts === null ? '—' : fmt(mfl.drafts)}
              </td>
              <td className="px-2 py-1 text-right">
                {mfl.coversUntil ? `up to ${day(mfl.coversUntil)}` : '—'}
              </td>
            </tr>
          </tbody>
        </table>
      </div>
      <p className="mt-3 text-sm text-slate-700" data-testid="adp-mfl-last-good">
        {mfl.lastGoodAt && mfl.ageMs !== null ? (
          <>
            <strong>Last good answer from MFL:</strong> {when(mfl.lastGoodAt)} ({ageText(mfl.ageMs)} ago), for{' '}
            {mfl.sizes.join(', ')}-team leagues, {pprLabel[String(mfl.ppr)] ?? 'any scoring'}.
          </>
        ) : (
          <>
            <strong>Last good answer from MFL:</strong> none yet.
          </>
        )}
        {mfl.lastFailureAt && (
          <>
            {' '}
            Last failure {when(mfl.lastFailureAt)}: {mfl.lastFailure}
          </>
        )}
      </p>
      <p className="mt-1 text-sm text-slate-700" data-testid="adp-mfl-copies">
        <strong>Copies of MFL's own ADP kept for its trends:</strong>{' '}
        {copies.copies > 0 ? (
          <>
            {fmt(copies.copies)} this season, from {day(copies.firstDay)} to {day(copies.latestDay)}.
          </>
        ) : (
          <>none yet.</>
        )}
        {copies.lastRunAt && (
          <>
            {' '}
            Latest run {when(copies.lastRunAt)}: {copies.lastRunStatus}
            {copies.lastRunError ? ` (${copies.lastRunError})` : ''}.
          </>
        )}
      </p>
      <p className="mt-1 text-sm text-slate-700" data-testid="adp-mfl-429s">
        <strong>MFL answered 429 (too many requests)</strong> {fmt(sources.mfl429s)}{' '}
        {sources.mfl429s === 1 ? 'time' : 'times'} since this server started.
      </p>
      <p className="mt-1 text-sm text-slate-600">
        The two sources are never added together: MFL's own ADP answers MFL filters it can answer, the store
        the others and Sleeper.
      </p>
    </section>
  );
}
