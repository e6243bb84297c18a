import type { ReactNode } from 'react';
import { ApiError } from '#client/api/http.ts';
import { type AdminColumn, AdminTable } from '#client/components/admin-table.tsx';
import { ErrorAlert } from '#client/components/error-alert.tsx';
import { Pager, pageFromSearch } from '#client/components/pager.tsx';
import { Spinner } from '#client/components/spinner.tsx';
import type { UseQueryResult } from '#client/lib/query-client.ts';
import { Link } from '#client/router/links.tsx';
import { useLocation, useParams } from '#client/router/router.tsx';
import { ADMIN_PAGE_SIZE, type Article, type ListAnswer, type Profile } from '#common/content.ts';
import type { Ranking } from '#common/rankings.ts';
import type { User } from '#common/users.ts';
import { AdminFrame } from './admin-frame.tsx';
import {
  useAdminArticle,
  useAdminArticles,
  useAdminProfile,
  useAdminProfiles,
  useAdminRanking,
  useAdminRankings,
} from './api/admin-content.ts';
import { articleColumns, profileColumns, rankingColumns } from './columns.tsx';
import { NotFoundNotice } from './content-form-parts.tsx';

/*
 * Articles and profiles run in parallel in the admin panel: one list page and one editor frame,
 * driven by this table of what differs between the two kinds.
 */

export interface ContentKind<T extends { id: number }> {
  /** The list's title and caption: "Articles". */
  title: string;
  /** "Article", in the editor's title. */
  singular: string;
  /** "article", in notices and the loading label. */
  noun: string;
  listHref: string;
  newHref: string;
  editHref: (item: T) => string;
  /** What an Edit link says to a screen reader. */
  editLabel: (item: T) => string;
  columns: AdminColumn<T>[];
  useList: (page: number, limit: number) => UseQueryResult<ListAnswer<T>>;
  useItem: (id: string | undefined) => UseQueryResult<T>;
  listError: string;
  itemError: string;
}

export const articleKind: ContentKind<Article> = {
  title: 'Articles',
  singular: 'Article',
  noun: 'article',
  listHref: '/admin/articles',
  newHref: '/admin/article/new',
  editHref: (a) => `/admin/article/${a.id}`,
  editLabel: (a) => a.title,
  columns: articleColumns,
  useList: useAdminArticles,
  useItem: useAdminArticle,
  listError: 'Error getting articles',
  itemError: 'Error getting article(s)',
};

export const profileKind: ContentKind<Profile> = {
  title: 'Profiles',
  singular: 'Profile',
  noun: 'profile',
  listHref: '/admin/profiles',
  newHref: '/admin/profile/new',
  editHref: (p) => `/admin/profile/${p.id}`,
  editLabel: (p) => p.name,
  columns: profileColumns,
  useList: useAdminProfiles,
  useItem: useAdminProfile,
  listError: 'Error getting profiles',
  itemError: 'Error getting admin profile',
};

export const rankingKind: ContentKind<Ranking> = {
  title: 'Rankings',
  singular: 'Ranking',
  noun: 'ranking',
  listHref: '/admin/rankings',
  newHref: '/admin/ranking/new',
  editHref: (r) => `/admin/ranking/${r.id}`,
  editLabel: (r) => r.title,
  columns: rankingColumns,
  useList: useAdminRankings,
  useItem: useAdminRanking,
  listError: 'Error getting rankings',
  itemError: 'Error getting the ranking',
};

/** A kind's list page: the paged table and a "+ New" button. */
export function ContentListPage<T extends { id: number }>({ kind }: { kind: ContentKind<T> }) {
  return (
    <AdminFrame
      title={kind.title}
      actions={
        <Link to={kind.newHref} className="btn-accent">
          + New
        </Link>
      }
    >
      {() => <ContentList kind={kind} />}
    </AdminFrame>
  );
}

function ContentList<T extends { id: number }>({ kind }: { kind: ContentKind<T> }) {
  const page = pageFromSearch(useLocation().search);
  const { data, error, isPending } = kind.useList(page, ADMIN_PAGE_SIZE);
  if (error) return <ErrorAlert title={kind.listError} error={error} />;
  if (isPending) return <Spinner label={`Loading ${kind.noun}s`} />;
  return (
    <section className="card p-2 sm:p-4">
      <AdminTable
        caption={kind.title}
        items={data.items}
        columns={kind.columns}
        editHref={kind.editHref}
        editLabel={kind.editLabel}
      />
      <Pager page={data.page} limit={data.limit} total={data.total} />
    </section>
  );
}

/**
 * A kind's editor page: "New …" at /admin/{noun}/new, "Edit …" at /admin/{noun}/:id once the item
 * has loaded (or a not-found notice). `form` draws the kind's own form.
 */
export function ContentEditorPage<T extends { id: number }>({
  kind,
  form,
}: {
  kind: ContentKind<T>;
  form: (props: { me: User; item?: T }) => ReactNode;
}) {
  const { id } = useParams();
  // New when the id is absent or 'new'.
  const existingId = id && id !== 'new' ? id : undefined;
  return (
    <AdminFrame title={`${existingId ? 'Edit' : 'New'} ${kind.singular}`}>
      {(me) => <ContentEditor key={existingId ?? 'new'} kind={kind} id={existingId} me={me} form={form} />}
    </AdminFrame>
  );
}

function ContentEditor<T extends { id: number }>({
  kind,
  id,
  me,
  form,
}: {
  kind: ContentKind<T>;
  id: string | undefined;
  me: User;
  form: (props: { me: User; item?: T }) => ReactNode;
}) {
  const item = kind.useItem(id);
  if (id === undefined) return form({ me });
  if (item.error instanceof ApiError && item.error.status === 404)
    return <NotFoundNotice noun={kind.noun} newHref={kind.newHref} listHref={kind.listHref} />;
  if (item.error) return <ErrorAlert title={kind.itemError} error={item.error} />;
  if (item.isPending) return <Spinner label={`Loading the ${kind.noun}`} />;
  return form({ me, item: item.data });
}
