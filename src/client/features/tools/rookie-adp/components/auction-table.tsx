import { type AuctionPlayer, formatBudgetShare } from '#common/startup-adp.ts';
import { positionColour } from './position-colours.ts';

/**
 * Startup auctions: Rank, Pos., Name and the average price as a share of the league's budget, then
 * the least and greatest share and the share of the auctions that bought him (on a phone: the range
 * in one column, no share). Never ADP: an auction has no pick order that means anything.
 */
export function AuctionTable({
  players,
  overall,
}: {
  players: readonly AuctionPlayer[];
  overall?: ReadonlyMap<string, number>;
}) {
  return (
    <div className="-mx-4 overflow-x-auto sm:mx-0">
      <table
        className="data-table tabular-nums max-sm:[&_td]:px-2 max-sm:[&_th]:px-2"
        data-testid="auction-table"
      >
        <thead>
          <tr>
            <th scope="col" className="w-8 text-right sm:w-14">
              Rank
            </th>
            <th scope="col" className="w-12 max-sm:px-1! sm:w-14">
              Pos.
            </th>
            <th scope="col">Name</th>
            <th
              scope="col"
              className="text-right"
              title="Average price as a share of the league's budget per team"
            >
              {/* On a phone the short form, so the table fits the screen. */}
              <span className="sm:hidden">Avg %</span>
              <span className="hidden sm:inline">Avg % of budget</span>
            </th>
            {overall && (
              <th scope="col" className="text-right" title="Place among all positions">
                Overall
              </th>
            )}
            <th scope="col" className="hidden text-right sm:table-cell">
              Min %
            </th>
            <th scope="col" className="hidden text-right sm:table-cell">
              Max %
            </th>
            <th scope="col" className="text-right sm:hidden">
              Range
            </th>
            <th
              scope="col"
              className="hidden text-right sm:table-cell"
              title="Share of the auctions that bought him"
            >
              Share
            </th>
          </tr>
        </thead>
        <tbody>
          {players.map((p, i) => (
            <tr key={p.id} className="odd:bg-white even:bg-slate-50/70 hover:bg-field-50">
              <td className="text-right text-slate-600">{i + 1}</td>
              <td className="max-sm:px-1!">
                <span
                  className="inline-block min-w-8 rounded px-1.5 py-0.5 text-center text-xs font-bold text-white"
                  style={{ backgroundColor: positionColour(p.position) }}
                >
                  {p.position}
                </span>
              </td>
              <td className="font-medium text-slate-900">{p.name}</td>
              <td className="text-right font-semibold" data-testid="auction-share">
                {formatBudgetShare(p.share)}
              </td>
              {overall && <td className="text-right text-slate-600">{overall.get(p.id)}</td>}
              <td className="hidden text-right text-slate-600 sm:table-cell">
                {formatBudgetShare(p.minShare)}
              </td>
              <td className="hidden text-right text-slate-600 sm:table-cell">
                {formatBudgetShare(p.maxShare)}
              </td>
              <td className="whitespace-nowrap text-right text-slate-600 sm:hidden">
                {/* Whole percents on a phone, so the table fits the screen. */}
                {Math.round(p.minShare * 100)}–{Math.round(p.maxShare * 100)}%
              </td>
              <td className="hidden text-right text-slate-600 sm:table-cell">
                {Math.round(p.draftShare * 100)}%
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
