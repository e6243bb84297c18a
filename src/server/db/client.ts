import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockDataDir } from './lock.ts';
import { runMigrations } from './migrate.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs SQL text with no parameters (several statements allowed); used by migrations. */
  exec(sqlText: string): Promise<void>;
  /** Runs fn while holding a database-wide lock, so two processes never migrate at once. */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { url: string; poolSize?: number }
  /** dataDir undefined means an in-memory database (tests). */
  | { url?: undefined; dataDir?: string; loadDataDir?: Blob };

/** Opens PostgreSQL when a URL is given, else PGlite, and applies the migrations before returning. */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  const database =
    'url' in opts && opts.url
      ? openPostgres(opts.url, opts.poolSize ?? 10)
      : await openPglite(opts as { dataDir?: string });
  try {
    await database.exclusive(() => runMigrations(database));
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}

function openPostgres(url: string, max: number): Database {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  // A dropped connection must not crash the process; the next query gets a fresh one.
  pool.on('error', () => {});
  return {
    db: drizzlePg({ client: pool, schema }) as unknown as Db,
    kind: 'postgres',
    async exec(sqlText) {
      await pool.query(sqlText);
    },
    async exclusive(fn) {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock(727001)');
        return await fn();
      } finally {
        await client.query('SELECT pg_advisory_unlock(727001)').catch(() => {});
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

async function openPglite(opts: { dataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  const unlock = opts.dataDir ? lockDataDir(opts.dataDir) : () => {};
  try {
    const client = new PGlite({
      dataDir: opts.dataDir ? join(opts.dataDir, 'pg') : undefined,
      extensions: { pg_trgm },
      loadDataDir: opts.loadDataDir,
    });
    await client.waitReady;
    let closed = false;
    return {
      db: drizzlePglite({ client, schema }) as unknown as Db,
      kind: 'pglite',
      async exec(sqlText) {
        await client.exec(sqlText);
      },
      exclusive: (fn) => fn(),
      async close() {
        if (closed) return;
        closed = true;
        await client.close();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}

/** Runs a raw SQL query and returns its rows, the same way on PGlite and PostgreSQL. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
