import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmdirSync,
  rmSync,
  unlinkSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { count } from 'drizzle-orm';
import { openDatabase } from '../db/client.ts';
import { lockFile } from '../db/lock.ts';
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

/** The folder a restore into target works in is named with this, then a random part. */
const stagingPrefix = (target: string) => `.${basename(target)}.restoring-`;
/** Held by the restore working in the folder, for as long as it runs. */
const RESTORING_LOCK = 'restoring.lock';

/**
 * Removes the folders that restores into dataDir left beside it when they were killed (kill -9, a
 * power cut), up to a database's size each. A running restore holds the lock in its folder, so a
 * folder whose lock can be taken is no one's. Returns the folders removed.
 */
export function removeStaleRestores(dataDir: string): string[] {
  const target = resolve(dataDir);
  const parent = dirname(target);
  if (!existsSync(parent)) return [];
  const removed: string[] = [];
  for (const name of readdirSync(parent)) {
    if (!name.startsWith(stagingPrefix(target))) continue;
    const folder = join(parent, name);
    let release: (() => void) | undefined;
    try {
      release = lockFile(join(folder, RESTORING_LOCK));
    } catch {
      continue; // not a folder, or removed meanwhile
    }
    if (!release) continue; // a restore working in it now
    try {
      rmSync(folder, { recursive: true, force: true });
      removed.push(folder);
    } finally {
      release();
    }
  }
  return removed;
}

/**
 * Loads a backup (gzipped tar of PGlite's data) into an empty or new data directory; returns what it
 * holds. The backup is opened (and migrated) in a new folder beside the target and moved into place
 * only once it opened, so a restore that fails leaves the target as it was: no lock file, no partial
 * pg/, and the next try (or a start) finds what it found before. A restore killed half-way leaves its
 * folder, which the next restore (or start of the server) on the same directory removes.
 */
export async function restoreBackup(backup: Buffer, dataDir: string) {
  const target = resolve(dataDir);
  removeStaleRestores(target);
  if (existsSync(target) && readdirSync(target).length > 0) throw notEmpty(dataDir);
  checkBackup(backup);
  mkdirSync(dirname(target), { recursive: true });
  const staging = mkdtempSync(join(dirname(target), stagingPrefix(target)));
  const release = lockFile(join(staging, RESTORING_LOCK));
  if (!release) throw new Error(`Another restore took ${staging}; try again.`);
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
    // Still held through the move: the folder is never someone else's to remove.
    unlinkSync(join(target, RESTORING_LOCK));
    return counts;
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    if (hadEmptyTarget && !existsSync(target)) mkdirSync(target);
    throw err;
  } finally {
    release();
  }
}
