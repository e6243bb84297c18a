import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { freeShortname, isUniqueViolation, slugify } from './shortname.ts';

/** The condition for an address part that is a numeric id or a shortname; undefined if it can be neither. */
export function byRef(ref: string, id: PgColumn, shortname: PgColumn): SQL | undefined {
  if (/^\d+$/.test(ref)) {
    const n = Number(ref);
    return n > 0 && n <= 2_147_483_647 ? eq(id, n) : undefined;
  }
  return ref.length <= 200 ? eq(shortname, ref) : undefined;
}

/**
 * Runs insert in a transaction with the first free shortname made from text. When another create
 * takes the same shortname first, the unique index refuses ours and we try again with the next one.
 */
export async function createWithShortname<T>(
  db: Db,
  table: 'articles' | 'profiles',
  text: string,
  fallback: string,
  insert: (tx: Db, shortname: string) => Promise<T>,
): Promise<T> {
  const base = slugify(text, fallback);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => insert(tx, await freeShortname(tx, table, base)));
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 5) throw err;
    }
  }
}
