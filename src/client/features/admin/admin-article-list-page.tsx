import { AdminTable } from '#client/components/admin-table.tsx';
import { ErrorAlert } from '#client/components/error-alert.tsx';
import { Pager, pageFromSearch } from '#client/components/pager.tsx';
import { Spinner } from '#client/components/spinner.tsx';
import { Link } from '#client/router/links.tsx';
import { useLocation } from '#client/router/router.tsx';
import { ADMIN_PAGE_SIZE } from '#common/content.ts';
import { AdminFrame } from './admin-frame.tsx';
import { useAdminArticles } from './api/admin-content.ts';
import { articleColumns } from './columns.tsx';

export function Component() {
  return (
    <AdminFrame
      title="Articles"
      actions={
        <Link to="/admin/article/new" className="btn-accent">
          + New
        </Link>
      }
    >
      {() => <ArticleList />}
    </AdminFrame>
  );
}

function ArticleList() {
  const page = pageFromSearch(useLocation().search);
  const { data, error, isPending } = useAdminArticles(page, ADMIN_PAGE_SIZE);
  if (error) return <ErrorAlert title="Error getting articles" error={error} />;
  if (isPending) return <Spinner label="Loading articles" />;
  return (
    <section className="card p-2 sm:p-4">
      <AdminTable
        caption="Articles"
        items={data.items}
        columns={articleColumns}
        editHref={(a) => `/admin/article/${a.id}`}
        editLabel={(a) => a.title}
      />
      <Pager page={data.page} limit={data.limit} total={data.total} />
    </section>
  );
}
