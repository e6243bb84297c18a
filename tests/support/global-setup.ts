import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { TestProject } from 'vitest/node';
import { buildServer } from '#scripts/build-if-needed.mjs';
import { openDatabase } from '#server/db/client.ts';
import { createPostgresTemplate } from './database.ts';

/**
 * Migrates one database for the whole run, which every test file's database then starts from (see
 * openTestDatabase): on PGlite a saved data directory, on PostgreSQL a template database. And
 * bundles the server once, for the tests that start it in a process of its own (server-process.ts):
 * a start from the bundle takes a fraction of a second, from the sources (tsx) several seconds of
 * compiling each time.
 */
export default async function setup(project: TestProject) {
  // Under dist/, as dist/server is, so that the bundle finds node_modules.
  const bundle = join(import.meta.dirname, '../../dist', `server-test-run-${process.pid}-${project.name}`);
  await buildServer(bundle);
  project.provide('serverBundle', bundle);
  const dropBundle = () => rm(bundle, { recursive: true, force: true });
  if (project.config.env?.TEST_DB === 'postgres') {
    const template = await createPostgresTemplate();
    project.provide('postgresTemplate', template.name);
    return async () => {
      await template.drop();
      await dropBundle();
    };
  }
  const dir = await mkdtemp(join(tmpdir(), 'dynasty-test-db-'));
  const database = await openDatabase({});
  try {
    // Saved as a plain tar: PGlite unzips a gzipped one through a DecompressionStream, which cost
    // each test file's database about 0.3 s of CPU, more than reading the tar itself.
    const file = join(dir, 'migrated.tar');
    await writeFile(file, gunzipSync(await (await database.backup!()).arrayBuffer()));
    project.provide('pgliteTemplate', file);
  } finally {
    await database.close();
  }
  return async () => {
    await rm(dir, { recursive: true, force: true });
    await dropBundle();
  };
}
