import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockDataDir } from './lock.ts';
import { runMigrations } from './migrate.ts';
import { pgliteEntry, pgliteImage } from './pglite-files.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PGlite's directory on disk (none in memory or on PostgreSQL). */
  dataDir?: string;
  /** Runs SQL text with no parameters (several statements allowed); used by migrations. */
  exec(sqlText: string): Promise<void>;
  /** The rows of one query with no parameters; used by migrations. */
  rows<T>(sqlText: string): Promise<T[]>;
  /** Runs fn while holding a database-wide lock, so two processes never migrate at once. */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** Answers when the database does (readiness); throws when it does not. */
  ping(): Promise<void>;
  /**
   * PGlite: a consistent gzipped tar of the data directory, taken while it serves (no transaction is
   * open during the copy, and a checkpoint first puts every committed page in the files).
   */
  backup?(): Promise<Blob>;
  close(): Promise<void>;
}

/**
 * PGlite's server settings. Its defaults are a desktop PostgreSQL's: 128 MB of shared buffers. PGlite
 * makes its shared memory one zero-filled block of the WebAssembly heap (PostgreSQL's estimate of
 * what it needs, rounded up to whole 2 MB pages), resident for as long as it runs. PGlite runs one
 * backend, never a replica's sender or an autovacuum worker, nor asynchronous I/O, yet the block is
 * sized for a hundred connections, ten senders, sixteen workers and 23 I/O handles each. Sized for
 * what it runs, with 5 MB of buffers (the site's own database is a few MB), the block is 8 MB (it
 * was 12 with 8 MB of buffers, 16 before that). A large catalogue reads more pages through the file
 * system (search on 10,000 articles, p50: 8 MB 15.4 ms, 5 MB 16.6, 3 MB 17.1, for 4 and 6 MB less
 * resident). Its lock table still holds 4,000 locks in one transaction (the migrations take a few
 * hundred).
 */
export const PGLITE_SETTINGS = [
  'shared_buffers=5MB',
  'temp_buffers=2MB',
  'wal_buffers=1MB',
  'serializable_buffers=128kB',
  'multixact_member_buffers=128kB',
  'io_max_concurrency=1',
  'max_connections=2',
  'superuser_reserved_connections=0',
  'max_wal_senders=0',
  'max_replication_slots=0',
  'autovacuum_worker_slots=1',
  'autovacuum_max_workers=1',
];

/** Where each query's time goes: the database-time metric sets it (ops/metrics.ts); nowhere before. */
let timeQuery: (db: Database['kind'], seconds: number) => void = () => {};

/** Sends each query's time (in seconds) to `record`, from now on. */
export function timeQueriesWith(record: (db: Database['kind'], seconds: number) => void) {
  timeQuery = record;
}

/** pg's client, timing each query for the database-time metric. */
class TimedClient extends pg.Client {
  override query(...args: any[]): any {
    const started = performance.now();
    const result = (super.query as any)(...args);
    if (result && typeof result.then === 'function') {
      const done = () => timeQuery('postgres', (performance.now() - started) / 1000);
      result.then(done, done);
    }
    return result;
  }
}

export type DatabaseOptions =
  | { url: string; poolSize?: number }
  /** dataDir undefined means an in-memory database (tests). */
  | {
      url?: undefined;
      dataDir?: string;
      loadDataDir?: Blob;
      /** The migrated empty database a new data directory copies (default: the build's, pg-template.ts). */
      template?: string;
    };

/** Opens PostgreSQL when a URL is given, else PGlite, and applies the migrations before returning. */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  const database =
    'url' in opts && opts.url
      ? openPostgres(opts.url, opts.poolSize ?? 10)
      : await openPglite(opts as { dataDir?: string; template?: string });
  try {
    await database.exclusive(() => runMigrations(database));
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}

function openPostgres(url: string, max: number): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    // A database that does not answer fails the request (and readiness) instead of hanging it.
    connectionTimeoutMillis: 5_000,
    Client: TimedClient,
  });
  // A dropped connection must not crash the process; the next query gets a fresh one.
  pool.on('error', () => {});
  return {
    db: drizzlePg({ client: pool, schema }) as unknown as Db,
    kind: 'postgres',
    async exec(sqlText) {
      await pool.query(sqlText);
    },
    async rows<T>(sqlText: string) {
      return (await pool.query(sqlText)).rows as T[];
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
    async ping() {
      await pool.query('SELECT 1');
    },
    async close() {
      await pool.end();
    },
  };
}

/**
 * Creating a database (initdb) briefly takes over 500 MB, and most of it would stay in the server's
 * process as garbage no collection was due to reclaim. So a new data directory is made by a
 * short-lived process, and the server only ever opens an existing one.
 */
function initDataDirApart(pgDir: string) {
  const pglite = pathToFileURL(pgliteEntry).href;
  const script = `const m = await import(${JSON.stringify(pglite)}); const { PGlite } = m.PGlite ? m : m.default;
const db = new PGlite({ dataDir: process.env.PGLITE_INIT_DIR }); await db.waitReady; await db.close();`;
  execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, PGLITE_INIT_DIR: pgDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** The build's migrated empty database (pg-template.ts), beside the built server; absent under tsx. */
const builtTemplate = join(import.meta.dirname, 'pg-template');

/**
 * The database's files are its owner's alone: folders 0700, files 0600. PGlite makes a new directory
 * from a copy whose files are mode 0666 whatever the umask, and directories made before (and backups
 * of them) carry those modes; PostgreSQL itself creates its later files 0600. So every open puts the
 * whole directory right. Something removed meanwhile is skipped.
 */
export function keepOwnerOnly(dir: string) {
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const mode = entry.isDirectory() ? 0o700 : entry.isFile() ? 0o600 : undefined;
    if (mode === undefined) continue;
    try {
      chmodSync(join(entry.parentPath, entry.name), mode);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
}

async function openPglite(opts: {
  dataDir?: string;
  loadDataDir?: Blob;
  template?: string;
}): Promise<Database> {
  const unlock = opts.dataDir ? lockDataDir(opts.dataDir) : () => {};
  try {
    // Closed to others before anything is made or loaded in it.
    if (opts.dataDir) chmodSync(opts.dataDir, 0o700);
    const pgDir = opts.dataDir ? join(opts.dataDir, 'pg') : undefined;
    if (pgDir && !opts.loadDataDir && !existsSync(join(pgDir, 'PG_VERSION'))) {
      const template = opts.template ?? builtTemplate;
      if (existsSync(join(template, 'PG_VERSION'))) cpSync(template, pgDir, { recursive: true });
      else initDataDirApart(pgDir);
    }
    const image = pgliteImage();
    const client = new PGlite({
      dataDir: pgDir,
      fsBundle: image.bundle,
      extensions: { pg_trgm },
      loadDataDir: opts.loadDataDir,
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((s) => ['-c', s])],
    });
    await client.waitReady;
    image.release(client);
    if (opts.dataDir) keepOwnerOnly(opts.dataDir);
    // Every query, in a transaction or not, runs through this one lock: time it there.
    const runQuery = client._runExclusiveQuery.bind(client);
    client._runExclusiveQuery = (fn) =>
      runQuery(async () => {
        const started = performance.now();
        try {
          return await fn();
        } finally {
          timeQuery('pglite', (performance.now() - started) / 1000);
        }
      });
    let closed = false;
    return {
      db: drizzlePglite({ client, schema }) as unknown as Db,
      kind: 'pglite',
      dataDir: opts.dataDir,
      async rows<T>(sqlText: string) {
        return (await client.query<T>(sqlText)).rows;
      },
      async exec(sqlText) {
        await client.exec(sqlText);
      },
      exclusive: (fn) => fn(),
      async ping() {
        if (closed || client.closed) throw new Error('The database is closed.');
        await client.query('SELECT 1');
      },
      backup: () =>
        // Inside a transaction of its own, which PGlite runs one at a time: no other transaction is
        // half-way while the files are copied.
        client.transaction(async (tx) => {
          await tx.exec('CHECKPOINT');
          return client.dumpDataDir('gzip');
        }),
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
