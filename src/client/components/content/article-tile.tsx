import { Link } from '#client/router/links.tsx';
import type { ArticleListItem } from '#common/content.ts';
import { formatDate, previewText } from '#common/content-format.ts';
import { ContentImage } from './content-image.tsx';
import { TagList } from './tag-list.tsx';

/**
 * An article tile: picture (or placeholder), title, contributor, date, tags and a 100-character
 * preview of the body with video markers removed. The whole tile is one link to the article. A
 * word too long for the tile breaks at its edge, and the title stops after three lines (its link
 * keeps the whole title).
 */
export function ArticleTile({
  article,
  heading: Heading = 'h3',
}: {
  article: ArticleListItem;
  heading?: 'h2' | 'h3';
}) {
  const date = formatDate(article.date);
  return (
    <article className="card group relative flex min-w-0 flex-col overflow-hidden wrap-anywhere transition hover:-translate-y-0.5 hover:shadow-md focus-within:ring-2 focus-within:ring-gold-500">
      <ContentImage src={article.image} alt="" kind="article" className="aspect-video w-full" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Heading
          className="line-clamp-3 font-display text-lg font-bold leading-snug text-field-900"
          data-testid="tile-title"
        >
          <Link
            to={`/article/${article.shortname}`}
            className="text-field-900 no-underline after:absolute after:inset-0 after:content-[''] hover:no-underline focus-visible:outline-none group-hover:text-field-700"
          >
            {article.title}
          </Link>
        </Heading>
        <p className="text-xs text-slate-600">
          {article.contributor && (
            <span className="font-semibold text-slate-700">{article.contributor.name}</span>
          )}
          {article.contributor && <span aria-hidden="true"> · </span>}
          <time dateTime={date}>{date}</time>
        </p>
        <TagList tags={article.tags} />
        <p className="text-sm leading-relaxed text-slate-700" data-testid="article-preview">
          {previewText(article.body)}
        </p>
      </div>
    </article>
  );
}
