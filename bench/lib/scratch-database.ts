import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** Runs fn with the URL of a scratch database on the server at adminUrl, dropped afterwards. */
export async function withScratchDatabase<T>(adminUrl: string, fn: (url: string) => Promise<T>): Promise<T> {
  const name = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/** BENCH_DATABASE_URL, else a PostgreSQL on 127.0.0.1:5432; undefined when none answers. */
async function postgresUrl(): Promise<string | undefined> {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return url;
  } catch {
    return undefined;
  }
}

/**
 * Runs a server bench on both databases: PGlite in a fresh data directory (named after `prefix`),
 * then a scratch PostgreSQL database when one answers. Answers each run's verdict.
 */
export async function onBothDatabases(
  prefix: string,
  measure: (kind: 'PGlite' | 'PostgreSQL', env: Record<string, string>) => Promise<boolean>,
): Promise<boolean[]> {
  const results: boolean[] = [];
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  try {
    results.push(await measure('PGlite', { DATA_DIR: dir }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const pgUrl = await postgresUrl();
  if (pgUrl)
    results.push(await withScratchDatabase(pgUrl, (url) => measure('PostgreSQL', { DATABASE_URL: url })));
  else console.log('PostgreSQL: not measured (no BENCH_DATABASE_URL and nothing on 127.0.0.1:5432)');
  return results;
}
