import type { ReactNode } from 'react';
import { Link } from '../router/links.tsx';

export interface AdminColumn<T> {
  header: string;
  cell: (item: T) => ReactNode;
  /** Extra classes for the column's cells, e.g. to hide it on phones ('hidden sm:table-cell'). */
  className?: string;
}

interface AdminTableProps<T extends { id: number }> {
  items: T[];
  columns: AdminColumn<T>[];
  /** Where each row's Edit link goes. */
  editHref: (item: T) => string;
  /** What the Edit link says to a screen reader, e.g. the item's title. */
  editLabel: (item: T) => string;
  caption: string;
}

/** The admin lists' table: the given columns, an Edit link per row, or 'No items found...'. */
export function AdminTable<T extends { id: number }>({
  items,
  columns,
  editHref,
  editLabel,
  caption,
}: AdminTableProps<T>) {
  return (
    // relative: keeps the screen-reader-only header inside the scrolling box, not the page.
    <div className="relative overflow-x-auto">
      <table className="data-table [&_td]:px-2 [&_th]:px-2 sm:[&_td]:px-3 sm:[&_th]:px-3">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={c.className}>
                {c.header}
              </th>
            ))}
            <th scope="col" className="w-16">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.length === 0 ? (
            <tr>
              <td colSpan={columns.length + 1} className="py-6 text-center text-slate-500">
                No items found...
              </td>
            </tr>
          ) : (
            items.map((item) => (
              <tr key={item.id} className="hover:bg-field-50">
                {columns.map((c) => (
                  <td key={c.header} className={c.className}>
                    {c.cell(item)}
                  </td>
                ))}
                <td className="text-right">
                  <Link
                    to={editHref(item)}
                    className="inline-flex min-h-6 items-center font-semibold"
                    aria-label={`Edit ${editLabel(item)}`}
                  >
                    Edit
                  </Link>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** A yes/no cell: a green "Yes" or a grey "No". */
export function YesNo({ value }: { value: boolean }) {
  return value ? (
    <span className="rounded-full bg-field-100 px-2 py-0.5 text-xs font-semibold text-field-800">Yes</span>
  ) : (
    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-600">No</span>
  );
}
