import { existsSync, readdirSync } from 'node:fs';
import { count } from 'drizzle-orm';
import { openDatabase } from '../db/client.ts';
import { articles, profiles, users } from '../db/schema.ts';

/** Loads a backup (gzipped tar of PGlite's data) into an empty data directory; returns what it holds. */
export async function restoreBackup(backup: Buffer, dataDir: string) {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new Error(`${dataDir} is not empty; restore into an empty or new directory.`);
  }
  const database = await openDatabase({
    dataDir,
    loadDataDir: new Blob([new Uint8Array(backup)], { type: 'application/x-gzip' }),
  });
  try {
    const n = async (table: typeof articles | typeof profiles | typeof users) =>
      (await database.db.select({ n: count() }).from(table))[0].n;
    return { articles: await n(articles), profiles: await n(profiles), users: await n(users) };
  } finally {
    await database.close();
  }
}
