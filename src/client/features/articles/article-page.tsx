import { articleQuery } from '#client/api/content.ts';
import { useHiddenItem } from '#client/api/hidden-content.ts';
import { ApiError } from '#client/api/http.ts';
import type { PageQueries } from '#client/api/page-queries.ts';
import { usePublicData } from '#client/api/public-data.ts';
import { ContentImage } from '#client/components/content/content-image.tsx';
import { ContentNotFound } from '#client/components/content/content-not-found.tsx';
import { DraftNotice } from '#client/components/content/draft-notice.tsx';
import { RichText } from '#client/components/content/rich-text.tsx';
import { TagList } from '#client/components/content/tag-list.tsx';
import { ErrorAlert } from '#client/components/error-alert.tsx';
import { WithSidebar } from '#client/components/layout/sidebar.tsx';
import { usePageTitle } from '#client/components/page-title.tsx';
import { Spinner } from '#client/components/spinner.tsx';
import { Link } from '#client/router/links.tsx';
import { useParams } from '#client/router/router.tsx';
import type { Article } from '#common/content.ts';
import { formatDate } from '#common/content-format.ts';

export const pageQueries: PageQueries = ({ params }) => [articleQuery(params.shortname ?? '')];

export function ArticlePage() {
  const { shortname = '' } = useParams();
  const article = usePublicData(articleQuery(shortname));
  const missing = article.error instanceof ApiError && article.error.status === 404;
  const hidden = useHiddenItem<Article>('articles', shortname, missing);
  const a = article.data ?? hidden.item;
  usePageTitle(a?.title);
  if (missing && !hidden.item && !hidden.waiting) return <ContentNotFound kind="article" />;
  const date = a ? formatDate(a.date) : '';
  return (
    <WithSidebar>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <Link to="/articles" className="inline-flex min-h-6 items-center">
          ← All articles
        </Link>
      </nav>
      {hidden.item && !hidden.item.isVisible && (
        <DraftNotice noun="article" editHref={`/admin/article/${hidden.item.id}`} />
      )}
      {article.isError && !missing ? (
        <>
          <h1 className="page-title mb-4">Article</h1>
          <ErrorAlert title="Error getting article(s)" error={article.error} />
        </>
      ) : !a ? (
        <Spinner label="Loading article" />
      ) : (
        <article className="card overflow-hidden">
          {a.image && (
            <ContentImage
              src={a.image}
              alt={a.title}
              kind="article"
              eager
              className="aspect-video max-h-[28rem] w-full"
            />
          )}
          <div className="p-5 sm:p-8">
            <TagList tags={a.tags} className="mb-3" />
            <h1 className="font-display text-3xl font-bold uppercase leading-tight tracking-wide text-field-900 wrap-anywhere sm:text-4xl">
              {a.title}
            </h1>
            <p className="mt-3 text-sm text-slate-600">
              {a.contributor && (
                <>
                  By <span className="font-semibold text-slate-800">{a.contributor.name}</span>
                  <span aria-hidden="true"> · </span>
                </>
              )}
              <time dateTime={date}>{date}</time>
            </p>
            {a.description && (
              <p className="mt-5 border-l-4 border-gold-500 pl-4 text-lg text-slate-700">{a.description}</p>
            )}
            <RichText html={a.bodyHtml} />
          </div>
        </article>
      )}
    </WithSidebar>
  );
}
