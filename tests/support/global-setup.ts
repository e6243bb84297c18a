import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/client.ts';
import { createPostgresTemplate } from './database.ts';

/**
 * Migrates one database for the whole run, which every test file's database then starts from (see
 * openTestDatabase): on PGlite a saved data directory, on PostgreSQL a template database.
 */
export default async function setup(project: TestProject) {
  if (project.config.env?.TEST_DB === 'postgres') {
    const template = await createPostgresTemplate();
    project.provide('postgresTemplate', template.name);
    return template.drop;
  }
  const dir = await mkdtemp(join(tmpdir(), 'dynasty-test-db-'));
  const database = await openDatabase({});
  try {
    const file = join(dir, 'migrated.tar.gz');
    await writeFile(file, Buffer.from(await (await database.backup!()).arrayBuffer()));
    project.provide('pgliteTemplate', file);
  } finally {
    await database.close();
  }
  return () => rm(dir, { recursive: true, force: true });
}
