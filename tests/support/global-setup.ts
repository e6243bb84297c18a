import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/client.ts';

/**
 * Migrates one PGlite database for the whole run and saves its data directory, which every test
 * file's database then starts from (see openTestDatabase).
 */
export default async function setup(project: TestProject) {
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
