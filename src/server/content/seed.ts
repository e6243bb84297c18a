import { randomBytes } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../accounts/passwords.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/query.ts';
import { articles, profiles, users } from '../db/schema.ts';
import { loadDemoContent } from './demo-content.ts';
import { renderMarkdown } from './markdown.ts';
import { slugify } from './shortname.ts';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Fills an empty database with the demo articles and prospect profiles (see demo-content.ts); does
 * nothing otherwise. The demo contributors get random passwords nobody knows: they are authors, not logins (a super user
 * can set a password for one in the admin panel).
 */
export async function seedDemoContent(db: Db): Promise<{ articles: number; profiles: number }> {
  const empty = async (tx: Db) => {
    const [row] = await queryRows<{ n: number }>(
      tx,
      sql`SELECT (SELECT count(*) FROM articles) + (SELECT count(*) FROM profiles) AS n`,
    );
    return Number(row.n) === 0;
  };
  if (!(await empty(db))) return { articles: 0, profiles: 0 };
  const demo = await loadDemoContent();
  // One hash for the four authors keeps the start fast; the password is thrown away.
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  const now = Date.now();
  const at = (daysAgo: number, index: number) => new Date(now - daysAgo * DAY_MS - index * 3600 * 1000);

  return db.transaction(async (tx) => {
    // Two processes starting at once: the second waits here, then finds the tables filled.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727002)`);
    if (!(await empty(tx))) return { articles: 0, profiles: 0 };

    await tx
      .insert(users)
      .values(demo.contributors.map((c) => ({ ...c, passwordHash, isContributor: true })))
      .onConflictDoNothing();
    const authors = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        inArray(
          users.email,
          demo.contributors.map((c) => c.email),
        ),
      );
    const authorId = (name: string) => {
      const email = demo.contributors.find((c) => c.name === name)?.email;
      return authors.find((a) => a.email === email)?.id ?? null;
    };

    await tx.insert(articles).values(
      demo.articles.map((a, i) => ({
        shortname: slugify(a.title, 'article'),
        title: a.title,
        description: a.description,
        body: a.body,
        bodyHtml: renderMarkdown(a.body),
        image: a.image ?? '',
        date: at(a.daysAgo, i),
        tags: a.tags,
        contributorId: authorId(a.author),
        isVisible: !a.hidden,
      })),
    );
    await tx.insert(profiles).values(
      demo.profiles.map((p, i) => ({
        shortname: slugify(p.name, 'profile'),
        name: p.name,
        position: p.position,
        school: p.school,
        year: p.year,
        height: p.height,
        weight: p.weight,
        image: p.image ?? '',
        date: at(p.daysAgo, i),
        description: p.description,
        body: p.body,
        bodyHtml: renderMarkdown(p.body),
        contributorId: authorId(p.author),
        isVisible: !p.hidden,
      })),
    );
    return { articles: demo.articles.length, profiles: demo.profiles.length };
  });
}
