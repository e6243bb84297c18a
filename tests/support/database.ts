import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '#server/db/client.ts';
import { queryRows } from '#server/db/query.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tar of a migrated, empty PGlite data directory (see global-setup.ts). */
    pgliteTemplate?: string;
    /** A migrated, empty PostgreSQL database that no one connects to, to clone (see global-setup.ts). */
    postgresTemplate?: string;
  }
}

/** Which database the API tests run on: in-memory PGlite, or PostgreSQL when TEST_DB=postgres. */
export const testDbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

let template: Promise<Blob | undefined> | undefined;
/** The migrated data directory the run's global set-up saved, read once per test file. */
function pgliteTemplate(): Promise<Blob | undefined> {
  template ??= (async () => {
    const file = inject('pgliteTemplate');
    return file ? new Blob([await readFile(file)]) : undefined;
  })();
  return template;
}

/** TEST_DATABASE_URL (an account that may create databases), for the PostgreSQL runs. */
function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return url;
}

/** Runs one statement on the admin connection (CREATE / DROP DATABASE cannot run in a pool's transaction). */
async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** A new PostgreSQL database on the server of TEST_DATABASE_URL (a copy of template if given). */
export async function createPostgresDatabase(
  prefix = 't',
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  if (!template) await adminQuery(`CREATE DATABASE ${name}`);
  else
    for (let attempt = 1; ; attempt++) {
      try {
        await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        break;
      } catch (err) {
        // 55006: someone is connected to the template. PostgreSQL waits 5 s for them before saying
        // so; only a connection just closed (the template's own migration) can be, so try again.
        if ((err as { code?: string }).code !== '55006' || attempt >= 5) throw err;
        await new Promise((r) => setTimeout(r, 200 * attempt));
      }
    }
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * A migrated, empty database to clone for each test file (global-setup.ts). CREATE DATABASE …
 * TEMPLATE refuses while anyone is connected to the template, so once migrated it takes no more
 * connections; copies made at the same time are fine (each holds a share lock on it).
 */
export async function createPostgresTemplate(): Promise<{ name: string; drop(): Promise<void> }> {
  const template = await createPostgresDatabase('t_template');
  try {
    await (await openDatabase({ url: template.url, poolSize: 2 })).close();
    await adminQuery(`ALTER DATABASE ${template.name} WITH ALLOW_CONNECTIONS false`);
  } catch (err) {
    await template.drop();
    throw err;
  }
  return { name: template.name, drop: template.drop };
}

/**
 * A fresh, migrated database for one test file. PGlite starts from the migrated copy the global
 * set-up made (migrating from nothing costs each file seconds). On PostgreSQL each gets its own
 * database, a copy of the migrated template, dropped at close, so test files run in parallel
 * without seeing each other's rows.
 */
export async function openTestDatabase(): Promise<Database> {
  if (testDbKind === 'pglite') return openDatabase({ loadDataDir: await pgliteTemplate() });
  const created = await createPostgresDatabase('t', inject('postgresTemplate'));
  const database = await openDatabase({ url: created.url, poolSize: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}

/**
 * Under Vitest, a new PGlite data directory starts as a copy of the run's migrated database
 * (global-setup.ts) instead of being created and migrated, which takes seconds of WebAssembly work
 * (about 5 s of CPU) each time. The server then finds its migrations applied, as after any restart.
 * Tests of a data directory made from nothing (restores, the built server) do not seed theirs.
 */
export function seedPgliteDataDir(dataDir: string) {
  const template = process.env.VITEST ? inject('pgliteTemplate') : undefined;
  if (!template) return;
  const pgDir = join(dataDir, 'pg');
  if (existsSync(join(pgDir, 'PG_VERSION'))) return;
  mkdirSync(pgDir, { recursive: true });
  const tar = spawnSync('tar', ['-xf', template, '-C', pgDir]);
  if (tar.status !== 0) throw new Error(`could not copy the migrated database: ${tar.stderr}`);
}

/** The embedded database in a data directory on disk, seeded as seedPgliteDataDir says. */
export function openPgliteDir(dataDir: string): Promise<Database> {
  seedPgliteDataDir(dataDir);
  return openDatabase({ dataDir });
}

/**
 * Empties every table (sequences start again), leaving the migrations applied: the database is then
 * as openTestDatabase opens it, at a sixth of the cost (PGlite: 56 against 327 CPU-ms). For files
 * whose tests each need an empty database; the migrations insert no rows, so nothing else is lost.
 */
export async function emptyDatabase(database: Database): Promise<void> {
  const tables = await queryRows<{ name: string }>(
    database.db,
    sql`SELECT quote_ident(tablename) AS name FROM pg_tables
        WHERE schemaname = current_schema() AND tablename <> 'schema_migrations'`,
  );
  if (tables.length > 0)
    await database.exec(`TRUNCATE ${tables.map((t) => t.name).join(', ')} RESTART IDENTITY CASCADE`);
}
