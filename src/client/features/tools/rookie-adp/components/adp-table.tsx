import { Fragment, useState } from 'react';
import {
  type AdpMonthsRequestInput,
  type AdpPlayer,
  formatAdp,
  pickNotation,
  trendDisplay,
} from '#common/rookie-adp.ts';
import { PlayerMonths } from './player-months.tsx';
import { positionColour } from './position-colours.ts';

/** A trend as a small signed number with its arrow, and words for screen readers. */
function TrendCell({ change }: { change: number | undefined }) {
  if (change === undefined)
    return (
      <span className="text-slate-600" title="Too few drafts in one of the two periods">
        –
      </span>
    );
  const t = trendDisplay(change);
  const colour =
    t.direction === 'rising'
      ? 'text-field-700'
      : t.direction === 'falling'
        ? 'text-red-700'
        : 'text-slate-600';
  return (
    <span role="img" aria-label={t.label} title={t.label} className={`whitespace-nowrap text-xs ${colour}`}>
      <span aria-hidden="true">{t.arrow}</span> {t.text}
    </span>
  );
}

/**
 * Rank (place in the list shown), Pos., Name and ADP, then the pick range and share of drafts (on a
 * phone: the range in one column, no share; round.pick and the trend under ADP). When positions are filtered out, `overall` (a player's
 * place among all positions) adds an Overall column, so "RB3" never hides "12th rookie taken".
 * With one league size chosen (`pickSize`), a Pick column gives ADP as round.pick in that size; when
 * the answer has trends (`trend`), a Trend column gives each player's. A player's name opens his row:
 * his ADP month by month under the same filter (`monthsFilter`).
 */
export function AdpTable({
  players,
  overall,
  pickSize,
  trend = false,
  monthsFilter,
}: {
  players: readonly AdpPlayer[];
  overall?: ReadonlyMap<string, number>;
  pickSize?: number;
  trend?: boolean;
  monthsFilter?: Omit<AdpMonthsRequestInput, 'player'>;
}) {
  const [open, setOpen] = useState<string | undefined>();
  const columns = 8 + (pickSize ? 1 : 0) + (trend ? 1 : 0) + (overall ? 1 : 0);
  return (
    <div className="-mx-4 overflow-x-auto sm:mx-0">
      <table className="data-table tabular-nums max-sm:[&_td]:px-2 max-sm:[&_th]:px-2">
        <thead>
          <tr>
            <th scope="col" className="w-8 text-right sm:w-14">
              Rank
            </th>
            <th scope="col" className="w-12 max-sm:px-1! sm:w-14">
              Pos.
            </th>
            <th scope="col">Name</th>
            <th scope="col" className="text-right">
              ADP
            </th>
            {pickSize && (
              <th
                scope="col"
                className="hidden text-right sm:table-cell"
                title={`Round.pick in a ${pickSize}-team draft`}
              >
                Pick
              </th>
            )}
            {overall && (
              <th scope="col" className="text-right" title="Place among all positions">
                Overall
              </th>
            )}
            {trend && (
              <th
                scope="col"
                className="hidden text-right sm:table-cell"
                title="ADP change over the last 30 days (negative: rising)"
              >
                Trend
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
            <Fragment key={p.id}>
              <tr className="odd:bg-white even:bg-slate-50/70 hover:bg-field-50">
                <td className="text-right text-slate-600">{i + 1}</td>
                <td className="max-sm:px-1!">
                  <span
                    className="inline-block min-w-8 rounded px-1.5 py-0.5 text-center text-xs font-bold text-white"
                    style={{ backgroundColor: positionColour(p.position) }}
                  >
                    {p.position}
                  </span>
                </td>
                <td className="font-medium text-slate-900">
                  {monthsFilter ? (
                    <button
                      type="button"
                      className="-my-1 min-h-6 text-left hover:underline"
                      aria-expanded={open === p.id}
                      aria-controls={open === p.id ? `adp-months-${p.id}` : undefined}
                      title="ADP month by month"
                      onClick={() => setOpen(open === p.id ? undefined : p.id)}
                    >
                      {p.name}
                      <svg
                        aria-hidden="true"
                        viewBox="0 0 10 10"
                        className={`ml-1 inline size-2.5 fill-slate-500 ${open === p.id ? 'rotate-90' : ''}`}
                      >
                        <path d="M3 1l5 4-5 4z" />
                      </svg>
                    </button>
                  ) : (
                    p.name
                  )}
                </td>
                <td className="text-right font-semibold">
                  {formatAdp(p.adp)}
                  {pickSize && (
                    // On a phone round.pick sits under ADP rather than in a column of its own.
                    <span className="block text-xs font-normal text-slate-600 sm:hidden">
                      {pickNotation(p.adp, pickSize)}
                    </span>
                  )}
                  {trend && p.trend !== undefined && (
                    // So does the trend: the table then fits a 390 px phone.
                    <span className="block font-normal sm:hidden">
                      <TrendCell change={p.trend} />
                    </span>
                  )}
                </td>
                {pickSize && (
                  <td className="hidden text-right text-slate-700 sm:table-cell" data-testid="adp-pick">
                    {pickNotation(p.adp, pickSize)}
                  </td>
                )}
                {overall && <td className="text-right text-slate-600">{overall.get(p.id)}</td>}
                {trend && (
                  <td className="hidden text-right sm:table-cell" data-testid="adp-trend">
                    <TrendCell change={p.trend} />
                  </td>
                )}
                <td className="hidden text-right text-slate-600 sm:table-cell">{p.minPick}</td>
                <td className="hidden text-right text-slate-600 sm:table-cell">{p.maxPick}</td>
                <td className="whitespace-nowrap text-right text-slate-600 sm:hidden">
                  {p.minPick}–{p.maxPick}
                </td>
                <td className="hidden text-right text-slate-600 sm:table-cell">
                  {Math.round(p.draftShare * 100)}%
                </td>
              </tr>
              {monthsFilter && open === p.id && (
                <tr id={`adp-months-${p.id}`} className="bg-white">
                  <td colSpan={columns} className="whitespace-normal px-3 py-3">
                    {/* Stays in view (and within the screen) while a wide table scrolls sideways. */}
                    <div className="sticky left-3 w-[min(100%,calc(100vw-3rem))]">
                      <PlayerMonths
                        request={{ ...monthsFilter, player: p.id }}
                        name={p.name}
                        position={p.position}
                      />
                    </div>
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
