import { rankingMarketQuery, rankingQuery, rankingVersionsQuery } from '#client/api/content.ts';
import { ApiError } from '#client/api/http.ts';
import type { PageQueries } from '#client/api/page-queries.ts';
import { usePublicData } from '#client/api/public-data.ts';
import { ContentNotFound } from '#client/components/content/content-not-found.tsx';
import { ErrorAlert } from '#client/components/error-alert.tsx';
import { WithSidebar } from '#client/components/layout/sidebar.tsx';
import { usePageTitle } from '#client/components/page-title.tsx';
import { Spinner } from '#client/components/spinner.tsx';
import { Link } from '#client/router/links.tsx';
import { useParams } from '#client/router/router.tsx';
import { formatDate } from '#common/content-format.ts';
import { formatLabel } from '#common/ranking-format.ts';
import type { Ranking, RankingMarket, RankingVersion } from '#common/rankings.ts';
import { consensusPath } from './format-filters.tsx';
import { MarketCellView } from './market-cell.tsx';

export const pageQueries: PageQueries = ({ params }) => {
  const shortname = params.shortname ?? '';
  return [rankingQuery(shortname), rankingMarketQuery(shortname), rankingVersionsQuery(shortname)];
};

export function RankingPage() {
  const { shortname = '' } = useParams();
  const ranking = usePublicData(rankingQuery(shortname));
  const market = usePublicData(rankingMarketQuery(shortname));
  const versions = usePublicData(rankingVersionsQuery(shortname));
  usePageTitle(ranking.data?.title);
  if (ranking.error instanceof ApiError && ranking.error.status === 404)
    return <ContentNotFound kind="ranking" />;
  const r = ranking.data;
  return (
    <WithSidebar>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <Link to="/rankings" className="inline-flex min-h-6 items-center">
          ← All rankings
        </Link>
      </nav>
      {ranking.isError ? (
        <>
          <h1 className="page-title mb-4">Ranking</h1>
          <ErrorAlert title="Error getting the ranking" error={ranking.error} />
        </>
      ) : !r ? (
        <Spinner label="Loading ranking" />
      ) : (
        <article className="flex min-w-0 flex-col gap-6">
          <header className="card p-5 sm:p-8">
            <p className="mb-3 inline-block rounded bg-gold-100 px-2 py-0.5 text-xs font-semibold uppercase tracking-wide text-field-900">
              {formatLabel(r)}
            </p>
            <h1 className="font-display text-3xl font-bold uppercase leading-tight tracking-wide text-field-900 wrap-anywhere sm:text-4xl">
              {r.title}
            </h1>
            <p className="mt-3 text-sm text-slate-600">
              {r.contributor && (
                <>
                  By <span className="font-semibold text-slate-800">{r.contributor.name}</span>
                  <span aria-hidden="true"> · </span>
                </>
              )}
              <time dateTime={r.date}>{formatDate(r.date)}</time>
              {r.updatedAt.slice(0, 10) !== r.date.slice(0, 10) && (
                <>
                  <span aria-hidden="true"> · </span>
                  Updated <time dateTime={r.updatedAt}>{formatDate(r.updatedAt)}</time>
                </>
              )}
            </p>
            {r.description && (
              <p className="mt-5 border-l-4 border-gold-500 pl-4 text-lg text-slate-700">{r.description}</p>
            )}
            <p className="mt-4 text-sm">
              <Link to={consensusPath(r)} className="font-semibold">
                Consensus of this format
              </Link>
            </p>
          </header>
          <Board ranking={r} market={market.data} />
          {market.data && market.data.movers.length > 0 && <Movers market={market.data} />}
          {versions.data && versions.data.length > 0 && <History versions={versions.data} />}
        </article>
      )}
    </WithSidebar>
  );
}

function Board({ ranking: r, market }: { ranking: Ranking; market: RankingMarket | undefined }) {
  const sources = market?.sources ?? [];
  const cellsOf = new Map(market?.rows.map((row) => [row.playerId, row.cells]));
  const tiers: { tier: number; rows: Ranking['entries'] }[] = [];
  for (const e of r.entries) {
    const last = tiers.at(-1);
    if (last && last.tier === e.tier) last.rows.push(e);
    else tiers.push({ tier: e.tier, rows: [e] });
  }
  return (
    <section className="card min-w-0 p-2 sm:p-4" aria-labelledby="board-heading">
      <h2 id="board-heading" className="px-2 pt-2 font-display text-xl font-bold uppercase text-field-900">
        The board
      </h2>
      {sources.length > 0 && (
        <p className="px-2 text-xs text-slate-600">
          Beside each player, his rank in the market among the same positions, the figure it comes from, and
          who has him higher. {sources.map((s) => s.note).join(' ')}
        </p>
      )}
      <div className="mt-3 overflow-x-auto">
        <table className="w-full min-w-[20rem] border-collapse text-sm" data-testid="ranking-board">
          <caption className="sr-only">
            {r.title}: players in rank order, with tiers{sources.length ? ' and market ranks' : ''}
          </caption>
          <thead>
            <tr className="border-b border-slate-300 text-left text-xs uppercase tracking-wide text-slate-600">
              <th scope="col" className="w-8 px-1 py-2 text-right sm:w-10 sm:px-2">
                Rank
              </th>
              <th scope="col" className="px-1 py-2 sm:px-2">
                Player
              </th>
              {sources.map((s) => (
                <th key={s.key} scope="col" className="px-1 py-2 sm:px-2">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          {tiers.map((t) => (
            <tbody key={t.tier}>
              <tr className="bg-field-50">
                <th
                  scope="rowgroup"
                  colSpan={2 + sources.length}
                  className="px-2 py-1 text-left text-xs font-bold uppercase tracking-wide text-field-800"
                >
                  Tier {t.tier}
                </th>
              </tr>
              {t.rows.map((e) => (
                <tr
                  key={e.playerId}
                  className="border-b border-slate-100 align-top"
                  data-testid="board-entry"
                >
                  <td className="px-1 py-2 text-right font-mono sm:px-2 font-bold text-field-900">
                    {e.rank}
                  </td>
                  <th scope="row" className="px-1 py-2 text-left font-normal sm:px-2">
                    <span className="font-semibold text-slate-900">{e.name}</span>{' '}
                    <span className="text-xs text-slate-600">
                      {[e.position, e.team].filter(Boolean).join(' · ')}
                    </span>
                    {e.note && <p className="mt-0.5 text-slate-700">{e.note}</p>}
                  </th>
                  {sources.map((s, i) => (
                    <td key={s.key} className="px-1 py-2 sm:px-2">
                      <MarketCellView rank={e.rank} cell={cellsOf.get(e.playerId)?.[i] ?? null} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
    </section>
  );
}

function Movers({ market }: { market: RankingMarket }) {
  const shown = market.movers.slice(0, 12);
  return (
    <section className="card p-5" aria-labelledby="movers-heading">
      <h2 id="movers-heading" className="font-display text-xl font-bold uppercase text-field-900">
        Movers
      </h2>
      {market.previous && (
        <p className="text-xs text-slate-600">
          Since version {market.previous.number}, {formatDate(market.previous.savedAt)}.
        </p>
      )}
      <ul className="mt-3 grid gap-1 text-sm sm:grid-cols-2" data-testid="movers">
        {shown.map((m) => (
          <li key={m.playerId} className="flex gap-2">
            <span
              className={`w-16 shrink-0 font-mono font-bold ${m.from === null ? 'text-field-700' : m.from > m.to ? 'text-green-700' : 'text-red-700'}`}
            >
              {m.from === null ? 'New' : m.from > m.to ? `▲ ${m.from - m.to}` : `▼ ${m.to - m.from}`}
            </span>
            <span>
              {m.name}{' '}
              <span className="text-slate-600">{m.from === null ? `at ${m.to}` : `${m.from} → ${m.to}`}</span>
            </span>
          </li>
        ))}
      </ul>
      {market.movers.length > shown.length && (
        <p className="mt-2 text-xs text-slate-600">and {market.movers.length - shown.length} more</p>
      )}
    </section>
  );
}

function History({ versions }: { versions: RankingVersion[] }) {
  return (
    <section className="card p-5" aria-labelledby="history-heading">
      <details>
        <summary className="cursor-pointer">
          <h2 id="history-heading" className="inline font-display text-xl font-bold uppercase text-field-900">
            Version history ({versions.length})
          </h2>
        </summary>
        <ol className="mt-3 flex flex-col gap-3 text-sm" data-testid="versions">
          {versions.map((v) => (
            <li key={v.number}>
              <p className="font-semibold text-slate-800">
                Version {v.number} · <time dateTime={v.savedAt}>{formatDate(v.savedAt)}</time>
                {v.editor && <> · {v.editor.name}</>}
              </p>
              <ul className="list-disc pl-5 text-slate-700">
                {v.changes.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </details>
    </section>
  );
}
