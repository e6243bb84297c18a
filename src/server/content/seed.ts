import { randomBytes } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../accounts/passwords.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/query.ts';
import { articles, profiles, rankingEntries, rankings, rankingVersions, users } from '../db/schema.ts';
import { renderBody } from './render-body.ts';
import { slugify } from './shortname.ts';

const DAY_MS = 24 * 3600 * 1000;

/** The demo's rookie boards: each writer's order of the newest class, as a list of profile indexes. */
const DEMO_BOARDS = [
  {
    author: 'Tanya Okafor',
    title: 'Rookie Superflex Board',
    daysAgo: 1,
    order: (n: number) => [...Array(n).keys()],
  },
  {
    author: 'Cole Brennan',
    title: 'Rookie Rankings for Superflex PPR',
    daysAgo: 3,
    // Another writer's view: neighbours swapped, the last few moved up.
    order: (n: number) => {
      const o = [...Array(n).keys()];
      for (let i = 0; i + 1 < n; i += 3) [o[i], o[i + 1]] = [o[i + 1], o[i]];
      return [...o.slice(0, 2), ...o.slice(-2), ...o.slice(2, -2)];
    },
  },
];

/**
 * Fills an empty database with the demo articles, prospect profiles and two writers' rookie rankings
 * of the newest class (see demo-content.ts); does
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
  // One hash for the four authors keeps the start fast; the password is thrown away. It is worked
  // out on libuv's threads while the files are read and parsed here. The demo's reader (and its
  // YAML parser) loads only for an empty database.
  const [demo, passwordHash] = await Promise.all([
    import('./demo-content.ts').then((m) => m.loadDemoContent()),
    hashPassword(randomBytes(24).toString('base64url')),
  ]);
  const articleHtml = await Promise.all(demo.articles.map((a) => renderBody(a.body)));
  const profileHtml = await Promise.all(demo.profiles.map((p) => renderBody(p.body)));
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
        bodyHtml: articleHtml[i],
        image: a.image ?? '',
        date: at(a.daysAgo, i),
        tags: a.tags,
        contributorId: authorId(a.author),
        isVisible: !a.hidden,
      })),
    );
    const seeded = await tx
      .insert(profiles)
      .values(
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
          bodyHtml: profileHtml[i],
          contributorId: authorId(p.author),
          isVisible: !p.hidden,
        })),
      )
      .returning({
        id: profiles.id,
        name: profiles.name,
        position: profiles.position,
        school: profiles.school,
      });
    const newest = Math.max(...demo.profiles.map((p) => p.year));
    const prospects = seeded.filter((_, i) => demo.profiles[i].year === newest && !demo.profiles[i].hidden);
    for (const [b, board] of DEMO_BOARDS.entries()) {
      const entries = board.order(prospects.length).map((index, rank) => {
        const p = prospects[index];
        return {
          playerId: `profile:${p.id}`,
          name: p.name,
          position: p.position,
          team: p.school,
          tier: Math.floor(rank / 4) + 1,
          note: '',
        };
      });
      const [r] = await tx
        .insert(rankings)
        .values({
          shortname: slugify(board.title, 'ranking'),
          title: board.title,
          description: `${board.author.split(' ')[0]}'s order of the ${newest} class for superflex PPR leagues.`,
          kind: 'rookie',
          qbFormat: 'SF',
          date: at(board.daysAgo, b),
          contributorId: authorId(board.author),
          isVisible: true,
          playerNames: entries.map((e) => e.name).join(' '),
        })
        .returning({ id: rankings.id });
      await tx.insert(rankingEntries).values(entries.map((e, i) => ({ ...e, rankingId: r.id, rank: i + 1 })));
      await tx.insert(rankingVersions).values({
        rankingId: r.id,
        number: 1,
        editorId: authorId(board.author),
        title: board.title,
        entries: entries,
        changes: [`Published with ${entries.length} players.`],
      });
    }
    return { articles: demo.articles.length, profiles: demo.profiles.length };
  });
}
