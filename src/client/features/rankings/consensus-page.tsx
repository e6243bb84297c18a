import { consensusQuery } from '#client/api/content.ts';
import type { PageQueries } from '#client/api/page-queries.ts';
import { usePublicData } from '#client/api/public-data.ts';
import { ErrorAlert } from '#client/components/error-alert.tsx';
import { WithSidebar } from '#client/components/layout/sidebar.tsx';
import { usePageTitle } from '#client/components/page-title.tsx';
import { Spinner } from '#client/components/spinner.tsx';
import { Link } from '#client/router/links.tsx';
import { useLocation } from '#client/router/router.tsx';
import { formatLabel, type QbFormat, type RankingKind } from '#common/ranking-format.ts';
import { consensusPath, FormatFilters, filtersFrom } from './format-filters.tsx';

/** The consensus is of one format: what the address leaves out is the server's default. */
const defaults = (search: string) => {
  const f = filtersFrom(search);
  return {
    kind: f.kind || 'overall',
    position: f.kind === 'position' ? f.position || 'QB' : '',
    qbFormat: f.qbFormat || 'SF',
    ppr: f.ppr || 'true',
    tePremium: f.tePremium || 'false',
  };
};
const read = (search: string) => consensusQuery(defaults(search));

export const pageQueries: PageQueries = ({ search }) => [read(`?${search}`)];

/** How many players the table shows: the consensus of deep boards is long. */
const SHOWN = 300;

export function ConsensusPage() {
  const { search } = useLocation();
  const f = defaults(search);
  const label = formatLabel({
    kind: f.kind as RankingKind,
    position: f.position,
    qbFormat: f.qbFormat as QbFormat,
    ppr: f.ppr === 'true',
    tePremium: f.tePremium === 'true',
  });
  usePageTitle(`Consensus rankings: ${label}`);
  const consensus = usePublicData(read(search));
  const c = consensus.data;
  return (
    <WithSidebar>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <Link to="/rankings" className="inline-flex min-h-6 items-center">
          ← All rankings
        </Link>
      </nav>
      <h1 className="page-title mb-1">Consensus rankings</h1>
      <p className="mb-4 text-slate-600">
        {label}: each writer's latest board of this format, averaged. A player a writer left out counts one
        place below that writer's last; the spread is between the best and worst rank he was given, shown
        where two writers or more rank him.
      </p>
      <FormatFilters action="/rankings/consensus" value={f} any={false} />
      {consensus.isError ? (
        <ErrorAlert title="Error getting the consensus" error={consensus.error} />
      ) : !c ? (
        <Spinner label="Loading the consensus" />
      ) : c.writers.length === 0 ? (
        <div className="card p-6 text-center text-slate-600">
          <p>No writer has published a ranking of this format yet.</p>
          {c.formats.length > 0 && (
            <>
              <p className="mt-3">Formats with boards:</p>
              <ul
                className="mt-1 flex flex-wrap justify-center gap-x-4 gap-y-1"
                data-testid="consensus-formats"
              >
                {c.formats.map((o) => (
                  <li key={consensusPath(o)}>
                    <Link to={consensusPath(o)} className="font-semibold">
                      {formatLabel(o)}
                    </Link>{' '}
                    ({o.writers} writer{o.writers === 1 ? '' : 's'})
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      ) : (
        <section className="card min-w-0 p-2 sm:p-4">
          <h2 className="px-2 pt-2 font-display text-lg font-bold uppercase text-field-900">
            {c.writers.length} writer{c.writers.length === 1 ? '' : 's'}
          </h2>
          <ul className="mb-3 flex flex-wrap gap-x-4 gap-y-1 px-2 text-sm" data-testid="consensus-writers">
            {c.writers.map((w) => (
              <li key={w.shortname}>
                <Link to={`/ranking/${encodeURIComponent(w.shortname)}`} className="font-semibold">
                  {w.name}
                </Link>{' '}
                <span className="text-slate-600">({w.players} players)</span>
              </li>
            ))}
          </ul>
          <div className="overflow-x-auto">
            <table className="w-full border-collapse text-sm" data-testid="consensus-table">
              <caption className="sr-only">Consensus of {label}, best average first</caption>
              <thead>
                <tr className="border-b border-slate-300 text-left text-xs uppercase tracking-wide text-slate-600">
                  <th scope="col" className="px-2 py-2 text-right">
                    #
                  </th>
                  <th scope="col" className="px-2 py-2">
                    Player
                  </th>
                  <th scope="col" className="px-2 py-2 text-right">
                    Average
                  </th>
                  {c.writers.map((w) => (
                    <th key={w.shortname} scope="col" className="px-2 py-2 text-right">
                      {w.name}
                    </th>
                  ))}
                  <th scope="col" className="px-2 py-2 text-right">
                    Spread
                  </th>
                </tr>
              </thead>
              <tbody>
                {c.rows.slice(0, SHOWN).map((r, i) => (
                  <tr key={r.playerId} className="border-b border-slate-100">
                    <td className="px-2 py-1.5 text-right font-mono font-bold text-field-900">{i + 1}</td>
                    <th scope="row" className="px-2 py-1.5 text-left font-normal">
                      <span className="font-semibold">{r.name}</span>{' '}
                      <span className="text-xs text-slate-600">
                        {[r.position, r.team].filter(Boolean).join(' · ')}
                      </span>
                    </th>
                    <td className="px-2 py-1.5 text-right font-mono">{r.average.toFixed(1)}</td>
                    {r.ranks.map((rank, j) => (
                      <td key={c.writers[j].shortname} className="px-2 py-1.5 text-right font-mono">
                        {rank ?? (
                          <>
                            <span aria-hidden="true">—</span>
                            <span className="sr-only">Not ranked</span>
                          </>
                        )}
                      </td>
                    ))}
                    <td className="px-2 py-1.5 text-right font-mono">
                      {/* One writer's rank has no spread to show: 0 would read as agreement. */}
                      {r.ranks.filter((x) => x !== null).length > 1 ? (
                        r.spread
                      ) : (
                        <>
                          <span aria-hidden="true">—</span>
                          <span className="sr-only">Ranked by one writer</span>
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {c.rows.length > SHOWN && (
            <p className="px-2 pt-2 text-xs text-slate-600">
              The first {SHOWN} of {c.rows.length} players.
            </p>
          )}
        </section>
      )}
    </WithSidebar>
  );
}
