import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { count } from 'drizzle-orm';
import { openDatabase } from '../db/client.ts';
import { articles, profiles, users } from '../db/schema.ts';

const notEmpty = (dataDir: string) =>
  new Error(`${dataDir} is not empty; restore into an empty or new directory.`);

/** Refuses, with words, a file that is not a gzipped tar as `npm run backup` writes. */
function checkBackup(backup: Buffer) {
  let tar: Buffer;
  try {
    tar = gunzipSync(backup);
  } catch {
    throw new Error('The file is not a backup made by npm run backup: it is not whole gzip data.');
  }
  if (tar.subarray(257, 262).toString('latin1') !== 'ustar')
    throw new Error('The file is not a backup made by npm run backup: it holds no tar archive.');
}

/**
 * Loads a backup (gzipped tar of PGlite's data) into an empty or new data directory; returns what it
 * holds. The backup is opened (and migrated) in a new folder beside the target and moved into place
 * only once it opened, so a restore that fails leaves the target as it was: no lock file, no partial
 * pg/, and the next try (or a start) finds what it found before.
 */
export async function restoreBackup(backup: Buffer, dataDir: string) {
  const target = resolve(dataDir);
  if (existsSync(target) && readdirSync(target).length > 0) throw notEmpty(dataDir);
  checkBackup(backup);
  mkdirSync(dirname(target), { recursive: true });
  const staging = mkdtempSync(join(dirname(target), `.${basename(target)}.restoring-`));
  const hadEmptyTarget = existsSync(target);
  try {
    const database = await openDatabase({
      dataDir: staging,
      loadDataDir: new Blob([new Uint8Array(backup)], { type: 'application/x-gzip' }),
    });
    let counts: { articles: number; profiles: number; users: number };
    try {
      const n = async (table: typeof articles | typeof profiles | typeof users) =>
        (await database.db.select({ n: count() }).from(table))[0].n;
      counts = { articles: await n(articles), profiles: await n(profiles), users: await n(users) };
    } finally {
      await database.close();
    }
    if (existsSync(target)) {
      // Something may have appeared there meanwhile (a server started on it): leave it be.
      if (readdirSync(target).length > 0) throw notEmpty(dataDir);
      rmdirSync(target);
    }
    renameSync(staging, target);
    return counts;
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    if (hadEmptyTarget && !existsSync(target)) mkdirSync(target);
    throw err;
  }
}
