import { articlesQuery } from '#client/api/content.ts';
import type { PageQueries } from '#client/api/page-queries.ts';
import { usePublicData } from '#client/api/public-data.ts';
import { ArticleTile } from '#client/components/content/article-tile.tsx';
import { TileSkeletons } from '#client/components/content/tile-skeletons.tsx';
import { ErrorAlert } from '#client/components/error-alert.tsx';
import { WithSidebar } from '#client/components/layout/sidebar.tsx';
import { usePageTitle } from '#client/components/page-title.tsx';
import { Pager, pageFromSearch } from '#client/components/pager.tsx';
import { Link } from '#client/router/links.tsx';
import { useLocation } from '#client/router/router.tsx';
import { LIST_PAGE_SIZE } from '#common/content-format.ts';

const listQuery = (page: number, tag: string) => articlesQuery({ page, limit: LIST_PAGE_SIZE, tag });
const tagFrom = (search: string) => (new URLSearchParams(search).get('tag') ?? '').trim();

export const pageQueries: PageQueries = ({ search }) => [
  listQuery(pageFromSearch(`?${search}`), tagFrom(search.toString())),
];

export function ArticleListPage() {
  const { search } = useLocation();
  const page = pageFromSearch(search);
  const tag = tagFrom(search);
  const title = tag ? `Articles tagged “${tag}”` : 'Articles';
  usePageTitle(page > 1 ? `${title}, page ${page}` : title);
  const articles = usePublicData(listQuery(page, tag));
  return (
    <WithSidebar>
      <h1 className="page-title mb-1 wrap-anywhere">
        {tag ? (
          <>
            Articles tagged <q>{tag}</q>
          </>
        ) : (
          'Articles'
        )}
      </h1>
      <p className="mb-6 text-slate-600">
        {tag ? (
          <Link to="/articles" className="font-semibold">
            All articles
          </Link>
        ) : (
          'Rankings, trade targets and strategy for dynasty leagues.'
        )}
      </p>
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
          {articles.data?.total === 0 && (
            <p className="card p-6 text-center text-slate-600">
              {tag ? 'No articles have this tag.' : 'No articles yet.'}
            </p>
          )}
          {articles.data && <Pager page={page} limit={LIST_PAGE_SIZE} total={articles.data.total} />}
        </>
      )}
    </WithSidebar>
  );
}
