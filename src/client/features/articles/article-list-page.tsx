import { articlesQuery } from '#client/api/content.ts';
import { ArticleTile } from '#client/components/content/article-tile.tsx';
import { TileSkeletons } from '#client/components/content/tile-skeletons.tsx';
import { ErrorAlert } from '#client/components/error-alert.tsx';
import { WithSidebar } from '#client/components/layout/sidebar.tsx';
import { usePageTitle } from '#client/components/page-title.tsx';
import { Pager, pageFromSearch } from '#client/components/pager.tsx';
import type { PageQueries } from '#client/lib/page-queries.ts';
import { usePublicData } from '#client/lib/public-data.ts';
import { useLocation } from '#client/router/router.tsx';
import { LIST_PAGE_SIZE } from '#common/content-format.ts';

const listQuery = (page: number) => articlesQuery({ page, limit: LIST_PAGE_SIZE });

export const pageQueries: PageQueries = ({ search }) => [listQuery(pageFromSearch(`?${search}`))];

export function Component() {
  const page = pageFromSearch(useLocation().search);
  usePageTitle(page > 1 ? `Articles, page ${page}` : 'Articles');
  const articles = usePublicData(listQuery(page));
  return (
    <WithSidebar>
      <h1 className="page-title mb-1">Articles</h1>
      <p className="mb-6 text-slate-600">Rankings, trade targets and strategy for dynasty leagues.</p>
      {articles.isError ? (
        <ErrorAlert title="Error getting articles" error={articles.error} />
      ) : (
        <>
          <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3" data-testid="article-tiles">
            {articles.data ? (
              articles.data.items.map((a) => <ArticleTile key={a.id} article={a} heading="h2" />)
            ) : (
              <TileSkeletons count={6} kind="article" />
            )}
          </div>
          {articles.data?.items.length === 0 && (
            <p className="card p-6 text-center text-slate-600">
              {page > 1 ? 'Nothing on this page: the list ends sooner.' : 'No articles yet.'}
            </p>
          )}
          {articles.data && <Pager page={page} limit={LIST_PAGE_SIZE} total={articles.data.total} />}
        </>
      )}
    </WithSidebar>
  );
}
