import type { SQL } from 'drizzle-orm';

/** What raw queries need of a drizzle database (client.ts's Db has it). */
export interface Queryable {
  execute(query: SQL): PromiseLike<unknown>;
}

/** Runs a raw SQL query and returns its rows, the same way on PGlite and PostgreSQL. */
export async function queryRows<T>(db: Queryable, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}
