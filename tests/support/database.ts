import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '#server/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated, empty PGlite data directory (see global-setup.ts). */
    pgliteTemplate?: string;
  }
}

/** Which database the API tests run on: in-memory PGlite, or PostgreSQL when TEST_DB=postgres. */
export const testDbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

let template: Promise<Blob | undefined> | undefined;
/** The migrated data directory the run's global set-up saved, read once per test file. */
function pgliteTemplate(): Promise<Blob | undefined> {
  template ??= (async () => {
    const file = inject('pgliteTemplate');
    return file ? new Blob([await readFile(file)], { type: 'application/x-gzip' }) : undefined;
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

/** A new, empty PostgreSQL database on the server of TEST_DATABASE_URL, with its URL and a drop. */
export async function createPostgresDatabase(
  prefix = 't',
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * A fresh, migrated database for one test file. PGlite starts from the migrated copy the global
 * set-up made (migrating from nothing costs each file seconds). On PostgreSQL each gets its own
 * database, dropped at close, so test files run in parallel without seeing each other's rows.
 */
export async function openTestDatabase(): Promise<Database> {
  if (testDbKind === 'pglite') return openDatabase({ loadDataDir: await pgliteTemplate() });
  const created = await createPostgresDatabase();
  const database = await openDatabase({ url: created.url, poolSize: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}
