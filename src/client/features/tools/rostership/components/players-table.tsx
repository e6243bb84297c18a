import {
  createColumnHelper,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { useMemo } from 'react';
import { positionAndTeam, type RostershipRow, type RostershipSortKey } from '#common/rostership-rows.ts';
import { InjuryFlag } from './injury-flag.tsx';

export interface SortOrder {
  key: RostershipSortKey;
  desc: boolean;
}

interface PlayersTableProps {
  /** Already filtered and sorted (the pure rules in common/rostership.ts). */
  rows: readonly RostershipRow[];
  sort: SortOrder;
  onSort: (key: RostershipSortKey) => void;
  onOpen: (row: RostershipRow) => void;
}

const features = tableFeatures({ rowSortingFeature });
const helper = createColumnHelper<typeof features, RostershipRow>();

const columns = helper.columns([
  helper.accessor('name', { id: 'name', header: 'Name' }),
  helper.accessor('position', { id: 'position', header: 'Pos.' }),
  helper.accessor('team', { id: 'team', header: 'Tm.' }),
  helper.accessor('count', { id: 'count', header: 'Num.' }),
  helper.accessor('rosterRate', { id: 'rosterRate', header: 'Rate' }),
  helper.display({ id: 'flags', header: 'Injury' }),
]);

/** A position or team cell: the code, or a dash (read as "none") when the service named none. */
function Code({ value }: { value: string }) {
  if (value) return <>{value}</>;
  return (
    <>
      <span aria-hidden="true" className="text-slate-500">
        —
      </span>
      <span className="sr-only">none</span>
    </>
  );
}

const titles: Record<RostershipSortKey, string> = {
  name: 'Name',
  position: 'Position',
  team: 'NFL team',
  count: 'Number of your leagues',
  rosterRate: 'Share of your leagues',
  flags: 'Injury flags',
};

/**
 * The players, one row each. Sorting is the page's (a header click sorts; the same header again
 * reverses), so the table is told the order rather than computing it.
 */
export function PlayersTable({ rows, sort, onSort, onOpen }: PlayersTableProps) {
  const sorting = useMemo<SortingState>(() => [{ id: sort.key, desc: sort.desc }], [sort]);
  const data = rows as RostershipRow[];
  const table = useTable({
    features,
    columns,
    data,
    getRowId: (r) => r.id,
    manualSorting: true,
    state: { sorting },
    onSortingChange: () => {},
  });

  return (
    // A long list scrolls inside its own box, with the headers kept in view.
    <div className="max-h-[75vh] overflow-auto rounded-md border border-slate-200">
      <table className="data-table" aria-label="Players on your teams">
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const key = header.column.id as RostershipSortKey;
                const dir = header.column.getIsSorted();
                const numeric = key === 'count' || key === 'rosterRate';
                // On a phone, position, team and the injury flag move under the name so every column fits.
                const wide =
                  key === 'position' || key === 'team' || key === 'flags' ? 'hidden sm:table-cell' : '';
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}
                    className={`sticky top-0 z-10 whitespace-nowrap px-2 sm:px-3 ${numeric ? 'text-right' : ''} ${wide}`}
                  >
                    {/* At least 24 × 24 px (WCAG 2.5.8): the header's short names alone are smaller. */}
                    <button
                      type="button"
                      className={`inline-flex min-h-6 min-w-6 items-center gap-1 py-0.5 font-semibold ${numeric ? 'flex-row-reverse' : ''}`}
                      onClick={() => onSort(key)}
                      title={`Sort by ${titles[key].toLowerCase()}`}
                    >
                      <table.FlexRender header={header} />
                      <span aria-hidden="true" className={dir ? 'text-field-900' : 'text-slate-300'}>
                        {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}
                      </span>
                    </button>
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => {
            const r = row.original;
            return (
              <tr key={row.id} className="hover:bg-field-50 [&>td]:px-2 sm:[&>td]:px-3">
                <td>
                  <button
                    type="button"
                    className="min-h-6 text-left font-semibold text-field-700 hover:underline"
                    onClick={() => onOpen(r)}
                  >
                    {r.name}
                  </button>
                  <span
                    className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs text-slate-600 sm:hidden"
                    data-testid="position-team"
                  >
                    {positionAndTeam(r)}
                    <InjuryFlag row={r} />
                  </span>
                </td>
                <td className="hidden sm:table-cell">
                  <Code value={r.position} />
                </td>
                <td className="hidden sm:table-cell">
                  <Code value={r.team} />
                </td>
                <td className="text-right tabular-nums">{r.count}</td>
                <td className="text-right tabular-nums">{r.rosterRate.toFixed(2)}%</td>
                <td className="hidden sm:table-cell">
                  <InjuryFlag row={r} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
