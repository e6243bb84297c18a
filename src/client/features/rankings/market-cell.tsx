import { Estimate } from '#client/components/estimate.tsx';
import { gapWords } from '#common/ranking-format.ts';

/** A player's place in one market beside his rank on the board, and who has him higher. */
export function MarketCellView({
  rank,
  cell,
}: {
  rank: number;
  cell: { rank: number | null; value: number } | null;
}) {
  if (!cell)
    return (
      <span className="text-xs text-slate-500">
        <span aria-hidden="true">—</span>
        <span className="sr-only">Not in the market</span>
      </span>
    );
  if (cell.rank === null)
    return (
      <span className="flex flex-col">
        <Estimate value={cell.value} />
        <span className="text-xs text-slate-500" aria-hidden="true">
          too few trades
        </span>
      </span>
    );
  const gap = cell.rank - rank;
  const words = gapWords(rank, cell.rank);
  return (
    <span className="flex flex-col">
      <span>
        <span className="font-mono font-semibold">#{cell.rank}</span>{' '}
        <span className="text-xs text-slate-600">({cell.value.toLocaleString('en-US')})</span>
      </span>
      <span
        className={`text-xs font-semibold ${gap > 0 ? 'text-green-800' : gap < 0 ? 'text-red-800' : 'text-slate-600'}`}
      >
        {words}
      </span>
    </span>
  );
}
