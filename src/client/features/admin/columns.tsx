import type { ReactNode } from 'react';
import { type AdminColumn, YesNo } from '#client/components/admin-table.tsx';
import { type Article, formatDate, type Profile } from '#common/content.ts';
import { formatLabel, type Ranking } from '#common/rankings.ts';
import { FORMER_CONTRIBUTOR, type User } from '#common/users.ts';

/*
 * The admin tables' columns (spec: admin lists), shared by the lists and the admin home. On a phone
 * the secondary columns fold into a line under the first one.
 */

// An item with no author is one whose author's account was deleted (or never had one).
const author = (item: { contributor: { name: string } | null }) =>
  item.contributor?.name ?? FORMER_CONTRIBUTOR;

function Primary({ text, phoneLine }: { text: string; phoneLine: ReactNode }) {
  return (
    <>
      <span className="font-semibold [overflow-wrap:anywhere]">{text}</span>
      <span className="block text-xs text-slate-500 sm:hidden">{phoneLine}</span>
    </>
  );
}

const wide = 'hidden sm:table-cell';

export const articleColumns: AdminColumn<Article>[] = [
  {
    header: 'Title',
    cell: (a) => <Primary text={a.title} phoneLine={`${author(a)} · ${formatDate(a.date)}`} />,
  },
  { header: 'Author', cell: author, className: wide },
  { header: 'Date', cell: (a) => formatDate(a.date), className: `${wide} whitespace-nowrap` },
  { header: 'Visible', cell: (a) => <YesNo value={a.isVisible} /> },
];

export const profileColumns: AdminColumn<Profile>[] = [
  {
    header: 'Name',
    cell: (p) => (
      <Primary text={p.name} phoneLine={[p.position, p.school, p.year].filter(Boolean).join(' · ')} />
    ),
  },
  { header: 'Year', cell: (p) => p.year ?? '', className: wide },
  { header: 'Position', cell: (p) => p.position, className: wide },
  { header: 'School', cell: (p) => p.school, className: wide },
  { header: 'Author', cell: author, className: 'hidden lg:table-cell' },
  { header: 'Date', cell: (p) => formatDate(p.date), className: 'hidden md:table-cell whitespace-nowrap' },
  { header: 'Visible', cell: (p) => <YesNo value={p.isVisible} /> },
];

export const userColumns: AdminColumn<User>[] = [
  {
    header: 'Name',
    cell: (u) => (
      <Primary
        text={u.name}
        phoneLine={
          <>
            <span className="block max-w-36 truncate">{u.email}</span>
            {u.isSuperUser && <span className="block font-semibold text-field-800">Super user</span>}
          </>
        }
      />
    ),
  },
  { header: 'Email', cell: (u) => <span className="break-all">{u.email}</span>, className: wide },
  { header: 'Is Contributor?', cell: (u) => <YesNo value={u.isContributor} /> },
  // On a phone the super-user flag folds under the name, so the table fits 390 px.
  { header: 'Is Super User?', cell: (u) => <YesNo value={u.isSuperUser} />, className: wide },
];

export const rankingColumns: AdminColumn<Ranking>[] = [
  {
    header: 'Title',
    cell: (r) => <Primary text={r.title} phoneLine={`${author(r)} · ${formatLabel(r)}`} />,
  },
  { header: 'Format', cell: (r) => formatLabel(r), className: wide },
  { header: 'Author', cell: author, className: wide },
  { header: 'Date', cell: (r) => formatDate(r.date), className: `${wide} whitespace-nowrap` },
  { header: 'Visible', cell: (r) => <YesNo value={r.isVisible} /> },
];
