import { type AdpPlayer, formatAdp, pickNotation } from '#common/rookie-adp.ts';
import { positionColour } from './position-colours.ts';

/**
 * Rank (place in the list shown), Pos., Name and ADP, then the pick range and share of drafts (on a
 * phone: the range in one column, no share). When positions are filtered out, `overall` (a player's
 * place among all positions) adds an Overall column, so "RB3" never hides "12th rookie taken".
 * With one league size chosen (`pickSize`), a Pick column gives ADP as round.pick in that size.
 */
export function AdpTable({
  players,
  overall,
  pickSize,
}: {
  players: readonly AdpPlayer[];
  overall?: ReadonlyMap<string, number>;
  pickSize?: number;
}) {
  return (
    <div className="-mx-4 overflow-x-auto sm:mx-0">
      <table className="data-table tabular-nums max-sm:[&_td]:px-2 max-sm:[&_th]:px-2">
        <thead>
          <tr>
            <th scope="col" className="w-12 text-right sm:w-14">
              Rank
            </th>
            <th scope="col" className="w-12 sm:w-14">
              Pos.
            </th>
            <th scope="col">Name</th>
            <th scope="col" className="text-right">
              ADP
            </th>
            {pickSize && (
              <th scope="col" className="text-right" title={`Round.pick in a ${pickSize}-team draft`}>
                Pick
              </th>
            )}
            {overall && (
              <th scope="col" className="text-right" title="Place among all positions">
                Overall
              </th>
            )}
            <th scope="col" className="hidden text-right sm:table-cell">
              Min
            </th>
            <th scope="col" className="hidden text-right sm:table-cell">
              Max
            </th>
            <th scope="col" className="text-right sm:hidden">
              Range
            </th>
            <th
              scope="col"
              className="hidden text-right sm:table-cell"
              title="Share of the drafts that took him"
            >
              Share
            </th>
          </tr>
        </thead>
        <tbody>
          {players.map((p, i) => (
            <tr key={p.id} className="odd:bg-white even:bg-slate-50/70 hover:bg-field-50">
              <td className="text-right text-slate-600">{i + 1}</td>
              <td>
                <span
                  className="inline-block min-w-8 rounded px-1.5 py-0.5 text-center text-xs font-bold text-white"
                  style={{ backgroundColor: positionColour(p.position) }}
                >
                  {p.position}
                </span>
              </td>
              <td className="font-medium text-slate-900">{p.name}</td>
              <td className="text-right font-semibold">{formatAdp(p.adp)}</td>
              {pickSize && (
                <td className="text-right text-slate-700" data-testid="adp-pick">
                  {pickNotation(p.adp, pickSize)}
                </td>
              )}
              {overall && <td className="text-right text-slate-600">{overall.get(p.id)}</td>}
              <td className="hidden text-right text-slate-600 sm:table-cell">{p.minPick}</td>
              <td className="hidden text-right text-slate-600 sm:table-cell">{p.maxPick}</td>
              <td className="whitespace-nowrap text-right text-slate-600 sm:hidden">
                {p.minPick}–{p.maxPick}
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
