import { eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { User } from '#common/users.ts';
import type { Db } from '../db/client.ts';
import type { articles, profiles, rankings } from '../db/schema.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { authorship, checkAuthor } from './authorship.ts';
import { freeShortname, isUniqueViolation, slugify } from './shortname.ts';

/**
 * The condition for an address part that is a numeric id or a shortname; undefined if it can be
 * neither (a NUL character is in no shortname, and PostgreSQL's text cannot even be compared with one).
 */
export function byRef(ref: string, id: PgColumn, shortname: PgColumn): SQL | undefined {
  if (/^\d+$/.test(ref)) {
    const n = Number(ref);
    return n > 0 && n <= 2_147_483_647 ? eq(id, n) : undefined;
  }
  return ref.length <= 200 && !ref.includes('\u0000') ? eq(shortname, ref) : undefined;
}

/**
 * Runs insert in a transaction with the first free shortname made from text. Creates of one title
 * take turns (a transaction-scoped advisory lock on the table and slug), so each sees the shortnames
 * of those before it, however many race. Another title's slug can still meet ours (a "race-2"
 * written as a title); the unique index refuses one of them, which tries again with the next.
 */
async function createWithShortname<T>(
  db: Db,
  table: ContentKind<any>['tableName'],
  text: string,
  fallback: string,
  insert: (tx: Db, shortname: string) => Promise<T>,
): Promise<T> {
  const base = slugify(text, fallback);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`${table}:${base}`}))`);
        return insert(tx, await freeShortname(tx, table, base));
      });
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 5) throw err;
    }
  }
}

/** What an input may say about the author and the visibility (see authorship). */
export interface Authored {
  contributorId?: number | null;
  isVisible?: boolean;
}

/**
 * What differs between articles and profiles when they are written; creating, saving and deleting
 * are otherwise the same, below. Each kind keeps its own columns (fields) and its own input rules.
 */
export interface ContentKind<Input extends Authored> {
  noun: 'article' | 'profile' | 'ranking';
  table: typeof articles | typeof profiles | typeof rankings;
  tableName: 'articles' | 'profiles' | 'rankings';
  /** The answer for a missing item. */
  missing: string;
  /** The text the shortname is made from, once, on create. */
  title: (input: Input) => string;
  /** The columns an input writes, besides the author and the visibility. */
  fields: (input: Input) => Promise<Record<string, unknown>>;
  /**
   * What else a save writes, in its transaction, once the row is written (a ranking's board and its
   * published versions); a throw undoes the whole save.
   */
  written?: (tx: Db, id: number, input: Input, user: User) => Promise<void>;
}

/** Creates an item as the user (see authorship for who may set what) and answers its id. */
export async function createItem<I extends Authored>(
  db: Db,
  kind: ContentKind<I>,
  user: User,
  input: I,
): Promise<number> {
  const owner = authorship(user, input, undefined, kind.noun);
  const values = await kind.fields(input);
  const { table } = kind;
  return createWithShortname(db, kind.tableName, kind.title(input), kind.noun, async (tx, shortname) => {
    await checkAuthor(tx, owner.contributorId);
    const [row] = await tx
      .insert(table)
      .values({ ...values, ...owner, shortname } as typeof table.$inferInsert)
      .returning({ id: table.id });
    await kind.written?.(tx, row.id, input, user);
    return row.id;
  });
}

/** The row ref names, locked for the rest of the transaction; a 404 when there is none. */
async function lockedItem(tx: Db, kind: ContentKind<any>, match: SQL) {
  const { table } = kind;
  const [existing] = await tx
    .select({ id: table.id, contributorId: table.contributorId })
    .from(table)
    .where(match)
    .for('update');
  if (!existing) throw notFound(kind.missing);
  return existing;
}

/** Saves an existing item; the shortname and date never change. Answers its id. */
export async function updateItem<I extends Authored>(
  db: Db,
  kind: ContentKind<I>,
  user: User,
  ref: string,
  input: I,
): Promise<number> {
  const { table } = kind;
  const match = byRef(ref, table.id, table.shortname);
  if (!match) throw notFound(kind.missing);
  const values = await kind.fields(input);
  return db.transaction(async (tx) => {
    const existing = await lockedItem(tx, kind, match);
    const changes = authorship(user, input, existing, kind.noun);
    await checkAuthor(tx, changes.contributorId);
    await tx
      .update(table)
      .set({ ...values, ...changes, updatedAt: sql`now()` })
      .where(eq(table.id, existing.id));
    await kind.written?.(tx, existing.id, input, user);
    return existing.id;
  });
}

/**
 * Deletes an item: super users any, contributors only their own. The row goes for good; the caller
 * bumps the content version so lists, search, the sitemap and feeds drop it at once.
 */
export async function deleteItem(db: Db, kind: ContentKind<any>, user: User, ref: string) {
  const { table } = kind;
  const match = byRef(ref, table.id, table.shortname);
  if (!match) throw notFound(kind.missing);
  await db.transaction(async (tx) => {
    const existing = await lockedItem(tx, kind, match);
    if (!user.isSuperUser && existing.contributorId !== user.id)
      throw forbidden(`Contributors may only delete their own ${kind.noun}s.`);
    await tx.delete(table).where(eq(table.id, existing.id));
  });
}
