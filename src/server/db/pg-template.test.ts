import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { openDatabase } from './client.ts';
import { migrationFiles } from './migrate.ts';
import { queryRows } from './query.ts';

const dir = mkdtempSync(join(tmpdir(), 'pg-template-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('a new data directory starts as a copy of the build’s migrated database', async () => {
  const template = join(dir, 'template');
  execFileSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'pg-template.ts'), template]);

  // The template holds every migration; a mark in it shows that the new directory is its copy.
  const made = new PGlite({ dataDir: template });
  const applied = await made.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
  expect(applied.rows.map((r) => r.name)).toEqual(migrationFiles().map((m) => m.name));
  // Only the site's database: initdb's templates are not copied into every new data directory.
  const databases = await made.query<{ datname: string }>('SELECT datname FROM pg_database');
  expect(databases.rows.map((r) => r.datname)).toEqual(['postgres']);
  // Nor the free space and visibility maps, which PostgreSQL makes again (vacuum below).
  expect(readdirSync(template, { recursive: true }).filter((f) => /_(fsm|vm)$/.test(String(f)))).toEqual([]);
  await made.exec('CREATE TABLE template_mark (x int)');
  await made.close();

  const database = await openDatabase({ dataDir: join(dir, 'data'), template });
  try {
    const mark = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'template_mark'`,
    );
    expect(mark[0].n).toBe(1);
    // The maps are made again: a write and a vacuum of the copy work as on any database.
    await database.db.execute(sql`INSERT INTO template_mark VALUES (1)`);
    await database.db.execute(sql`VACUUM template_mark`);
    const [maps] = await queryRows<{ vm: boolean }>(
      database.db,
      sql`SELECT pg_relation_size('template_mark', 'vm') > 0 AS vm`,
    );
    expect(maps.vm).toBe(true);
  } finally {
    await database.close();
  }
});
