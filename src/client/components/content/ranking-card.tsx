import { Link } from '#client/router/links.tsx';
import { formatDate } from '#common/content-format.ts';
import { formatLabel } from '#common/ranking-format.ts';
import type { RankingListItem } from '#common/rankings.ts';

/** A ranking in a list: its title, writer, format and first players. */
export function RankingCard({
  ranking: r,
  heading = 'h2',
}: {
  ranking: RankingListItem;
  heading?: 'h2' | 'h3';
}) {
  const H = heading;
  const date = formatDate(r.date);
  return (
    <article className="card flex min-w-0 flex-col gap-2 p-5 wrap-anywhere" data-testid="ranking-card">
      <p className="self-start rounded bg-gold-100 px-2 py-0.5 text-xs font-semibold uppercase tracking-wide text-field-900">
        {formatLabel(r)}
      </p>
      <H className="font-display text-xl font-bold text-field-900">
        <Link to={`/ranking/${encodeURIComponent(r.shortname)}`}>{r.title}</Link>
      </H>
      <p className="text-xs text-slate-600">
        {r.contributor && (
          <>
            By <span className="font-semibold text-slate-800">{r.contributor.name}</span>
            <span aria-hidden="true"> · </span>
          </>
        )}
        <time dateTime={r.date}>{date}</time>
        <span aria-hidden="true"> · </span>
        {r.players} players
      </p>
      <ol className="text-sm text-slate-700">
        {r.top.map((e) => (
          <li key={e.playerId} className="flex gap-2">
            <span className="w-5 text-right font-mono font-bold text-field-800">{e.rank}</span>
            <span>
              {e.name} <span className="text-slate-500">{e.position}</span>
            </span>
          </li>
        ))}
      </ol>
    </article>
  );
}
