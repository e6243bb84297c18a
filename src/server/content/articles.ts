import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  Article,
  ArticleListItem,
  ArticleListQuery,
  articleInputSchema,
  ListAnswer,
} from '#common/content.ts';
import type { Db } from '../db/client.ts';
import { articles, users } from '../db/schema.ts';
import { tagNames } from './authorship.ts';
import { embedRankings } from './rankings/embed.ts';
import { renderBody } from './render-body.ts';
import { byRef, type ContentKind } from './store.ts';
import { articleMatch } from './text-search.ts';

type ArticleInput = z.output<typeof articleInputSchema>;

const columns = {
  id: articles.id,
  shortname: articles.shortname,
  title: articles.title,
  description: articles.description,
  body: articles.body,
  bodyHtml: articles.bodyHtml,
  image: articles.image,
  date: articles.date,
  tags: articles.tags,
  contributorId: articles.contributorId,
  contributorName: users.name,
  isVisible: articles.isVisible,
};

// Lists leave the rendered body out: it is most of the weight and only the detail page shows it.
const { bodyHtml: _, ...listColumns } = columns;

interface Row extends Omit<ArticleListItem, 'date' | 'tags' | 'contributor'> {
  date: Date;
  tags: string[];
  contributorName: string | null;
}

/** The API's shape of a row: ISO date, tags as objects, the contributor as { name }. */
const toArticle = <R extends Row>({ contributorName, date, tags, ...row }: R) => ({
  ...row,
  date: date.toISOString(),
  tags: tags.map((name) => ({ name })),
  contributor: contributorName == null ? null : { name: contributorName },
});

/**
 * A page of articles, newest first, optionally only those matching a search or carrying a tag (in
 * any case: a typed address finds "Rookies" as "rookies"); hidden ones only for admins.
 */
export async function listArticles(
  db: Db,
  q: Pick<ArticleListQuery, 'limit' | 'page' | 'search' | 'tag'>,
  includeHidden: boolean,
): Promise<ListAnswer<ArticleListItem>> {
  const where = and(
    includeHidden ? undefined : eq(articles.isVisible, true),
    q.search ? articleMatch(q.search) : undefined,
    q.tag
      ? sql`EXISTS (SELECT 1 FROM unnest(${articles.tags}) AS tag WHERE lower(tag) = lower(${q.tag}))`
      : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(listColumns)
      .from(articles)
      .leftJoin(users, eq(users.id, articles.contributorId))
      .where(where)
      .orderBy(desc(articles.date), desc(articles.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ total: count() }).from(articles).where(where),
  ]);
  return { items: rows.map(toArticle), total, page: q.page, limit: q.limit };
}

/** One article by numeric id or shortname; undefined when missing or hidden from this reader. */
export async function findArticle(db: Db, ref: string, includeHidden: boolean): Promise<Article | undefined> {
  const match = byRef(ref, articles.id, articles.shortname);
  if (!match) return undefined;
  const [row] = await db
    .select(columns)
    .from(articles)
    .leftJoin(users, eq(users.id, articles.contributorId))
    .where(and(match, includeHidden ? undefined : eq(articles.isVisible, true)))
    .limit(1);
  // Embedded rankings are drawn as they are now (an answer is kept per content version).
  return row ? toArticle({ ...row, bodyHtml: await embedRankings(db, row.bodyHtml) }) : undefined;
}

/** How articles are written: see ContentKind for what every kind shares. */
export const articleKind: ContentKind<ArticleInput> = {
  noun: 'article',
  table: articles,
  tableName: 'articles',
  missing: 'Article not found.',
  title: (input) => input.title,
  fields: async (input) => ({
    title: input.title,
    description: input.description,
    body: input.body,
    bodyHtml: await renderBody(input.body),
    image: input.image,
    tags: tagNames(input.tags),
  }),
};
