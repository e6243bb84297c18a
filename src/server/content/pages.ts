import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { markdownToText, truncate } from '#common/content.ts';
import { documentTitle, HOME_TITLE, SITE_NAME } from '#common/site.ts';
import { createLoader } from '../cache.ts';
import { articles, profiles, users } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { siteOrigin } from '../http/origin.ts';
import { byContentVersion, CONTENT_TTL_MS, makeAnswer, sendAnswer } from '../http/public-cache.ts';
import type { PageMeta, PageMetaProvider } from '../http/spa.ts';
import { findArticle } from './articles.ts';
import { findProfile } from './profiles.ts';

const DESCRIPTION_LENGTH = 160;
const RSS_COUNT = 50;

const listPages: Record<string, PageMeta> = {
  '/': {
    title: HOME_TITLE,
    description:
      'Dynasty fantasy football articles, rookie prospect profiles and tools for your MFL, Sleeper and Fleaflicker leagues.',
    path: '/',
    image: '/images/hero-field.svg',
    type: 'website',
  },
  '/articles': {
    title: documentTitle('Dynasty Fantasy Football Articles'),
    description: 'Rookie rankings, buy-low targets, superflex strategy and trade advice for dynasty leagues.',
    path: '/articles',
    type: 'website',
  },
  '/privacy': {
    title: documentTitle('Privacy'),
    description:
      'What Dynasty Forge keeps about you, why, and for how long: account, log-ins, league connections, shared drafts and logs.',
    path: '/privacy',
    type: 'website',
  },
  '/profiles': {
    title: documentTitle('Draft Prospect Profiles'),
    description:
      'Scouting reports on the quarterbacks, running backs, receivers and tight ends of the coming classes.',
    path: '/profiles',
    type: 'website',
  },
};

const summary = (description: string, body: string) =>
  truncate(description.trim() || markdownToText(body), DESCRIPTION_LENGTH);

/** The shortname in /kind/:shortname, or undefined when the path is something else. */
function shortnameIn(pathname: string, kind: 'article' | 'profile'): string | undefined {
  const m = new RegExp(`^/${kind}/([^/]+)/?$`).exec(pathname);
  if (!m) return undefined;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return '';
  }
}

/** Head tags for the home page, the lists and every visible article and profile (null: not found, 404). */
export function contentPageMeta(deps: AppDeps): PageMetaProvider[] {
  const { db } = deps.database;
  const load = createLoader(deps.cache);
  /** When an item was last saved (the answers carry only its date), as an ISO timestamp. */
  const modifiedAt = async (table: typeof articles | typeof profiles, id: number, fallback: string) => {
    const [row] = await db
      .select({ updatedAt: table.updatedAt })
      .from(table)
      .where(eq(table.id, id))
      .limit(1);
    return row?.updatedAt.toISOString() ?? fallback;
  };
  return [
    async (pathname) => listPages[pathname.replace(/(.)\/$/, '$1')],
    async (pathname) => {
      const shortname = shortnameIn(pathname, 'article');
      if (shortname === undefined) return undefined;
      return load(
        `meta:article:${shortname}`,
        CONTENT_TTL_MS,
        async () => {
          const a = shortname ? await findArticle(db, shortname, false) : undefined;
          if (!a || a.shortname !== shortname) return null;
          const description = summary(a.description, a.body);
          return {
            title: documentTitle(a.title),
            description,
            path: `/article/${a.shortname}`,
            image: a.image || undefined,
            type: 'article',
            about: {
              kind: 'Article',
              name: a.title,
              description,
              author: a.contributor?.name,
              published: a.date,
              modified: await modifiedAt(articles, a.id, a.date),
            },
          } satisfies PageMeta;
        },
        byContentVersion,
      );
    },
    async (pathname) => {
      const shortname = shortnameIn(pathname, 'profile');
      if (shortname === undefined) return undefined;
      return load(
        `meta:profile:${shortname}`,
        CONTENT_TTL_MS,
        async () => {
          const p = shortname ? await findProfile(db, shortname, false) : undefined;
          if (!p || p.shortname !== shortname) return null;
          const heading = [p.name, p.position, p.school].filter(Boolean).join(', ');
          const description = summary(p.description, p.body);
          return {
            title: documentTitle(heading),
            description,
            path: `/profile/${p.shortname}`,
            image: p.image || undefined,
            type: 'profile',
            about: {
              kind: 'ProfilePage',
              name: p.name,
              description,
              author: p.contributor?.name,
              published: p.date,
              modified: await modifiedAt(profiles, p.id, p.date),
              school: p.school || undefined,
            },
          } satisfies PageMeta;
        },
        byContentVersion,
      );
    },
  ];
}

/**
 * Feed readers read an item's description (and many its creator) as HTML once the XML is decoded:
 * plain text is escaped as HTML first, so a name or description holding markup shows as written.
 */
const asHtmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const escapeXml = (s: string) =>
  s
    // Characters XML 1.0 cannot carry at all.
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(
      /[&<>"']/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
    );

/** /rss.xml (the latest 50 visible articles) and /sitemap.xml (home, lists, every visible item). */
export async function feedRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const load = createLoader(deps.cache);
  const originOf = siteOrigin(deps.config);

  app.get('/sitemap.xml', async (req, reply) => {
    const origin = originOf(req);
    const answer = await load(
      `sitemap:${origin}`,
      CONTENT_TTL_MS,
      async () => {
        const visible = (table: typeof articles | typeof profiles) =>
          db
            .select({ shortname: table.shortname, updatedAt: table.updatedAt })
            .from(table)
            .where(eq(table.isVisible, true))
            .orderBy(desc(table.date), desc(table.id));
        const [articleRows, profileRows] = await Promise.all([visible(articles), visible(profiles)]);
        const url = (path: string, lastmod?: Date) =>
          `  <url><loc>${escapeXml(origin + path)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
        const urls = [
          url('/'),
          url('/articles'),
          url('/profiles'),
          ...articleRows.map((r) => url(`/article/${encodeURIComponent(r.shortname)}`, r.updatedAt)),
          ...profileRows.map((r) => url(`/profile/${encodeURIComponent(r.shortname)}`, r.updatedAt)),
        ];
        const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
        return makeAnswer(200, xml, 'application/xml; charset=utf-8');
      },
      byContentVersion,
    );
    return sendAnswer(req, reply, answer);
  });

  app.get('/rss.xml', async (req, reply) => {
    const origin = originOf(req);
    const answer = await load(
      `rss:${origin}`,
      CONTENT_TTL_MS,
      async () => {
        const rows = await db
          .select({
            shortname: articles.shortname,
            title: articles.title,
            description: articles.description,
            body: articles.body,
            date: articles.date,
            tags: articles.tags,
            author: users.name,
          })
          .from(articles)
          .leftJoin(users, eq(users.id, articles.contributorId))
          .where(eq(articles.isVisible, true))
          .orderBy(desc(articles.date), desc(articles.id))
          .limit(RSS_COUNT);
        const items = rows.map((a) => {
          const link = `${origin}/article/${encodeURIComponent(a.shortname)}`;
          return [
            '    <item>',
            `      <title>${escapeXml(a.title)}</title>`,
            `      <link>${escapeXml(link)}</link>`,
            `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
            `      <pubDate>${a.date.toUTCString()}</pubDate>`,
            a.author ? `      <dc:creator>${escapeXml(asHtmlText(a.author))}</dc:creator>` : '',
            ...a.tags.map((t) => `      <category>${escapeXml(t)}</category>`),
            `      <description>${escapeXml(asHtmlText(truncate(a.description.trim() || markdownToText(a.body), 300)))}</description>`,
            '    </item>',
          ]
            .filter(Boolean)
            .join('\n');
        });
        const xml = [
          '<?xml version="1.0" encoding="UTF-8"?>',
          '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
          '  <channel>',
          `    <title>${SITE_NAME}</title>`,
          `    <link>${escapeXml(`${origin}/`)}</link>`,
          `    <atom:link href="${escapeXml(`${origin}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
          '    <description>Dynasty fantasy football analysis: rookie rankings, buy-low targets and strategy.</description>',
          '    <language>en-us</language>',
          rows.length ? `    <lastBuildDate>${rows[0].date.toUTCString()}</lastBuildDate>` : '',
          ...items,
          '  </channel>',
          '</rss>',
          '',
        ]
          .filter((line, i, all) => line || i === all.length - 1)
          .join('\n');
        return makeAnswer(200, xml, 'application/rss+xml; charset=utf-8');
      },
      byContentVersion,
    );
    return sendAnswer(req, reply, answer);
  });
}
