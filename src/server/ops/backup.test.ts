import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { asc } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTestApp } from '#test/app.ts';
import { openPgliteDir, openTestDatabase, seedPgliteDataDir, testDbKind } from '#test/database.ts';
import { TEST_SERVICE_ENV } from '#test/test-env.ts';
import { createSession, SESSION_COOKIE } from '../accounts/sessions.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { lockFile } from '../db/lock.ts';
import { articles, users } from '../db/schema.ts';
import { createRuntime } from '../runtime.ts';
import { removeStaleRestores, restoreBackup } from './restore-backup.ts';
import { backupTokenPath } from './routes.ts';

/** The distinct kinds and modes under dir, itself included: ['d700', 'f600'] is owner-only. */
function modesUnder(dir: string): string[] {
  const kinds = new Set([`d${(statSync(dir).mode & 0o777).toString(8)}`]);
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const mode = statSync(join(entry.parentPath, entry.name)).mode & 0o777;
    kinds.add(`${entry.isDirectory() ? 'd' : 'f'}${mode.toString(8)}`);
  }
  return [...kinds].sort();
}

/** The same for the entries of a gzipped tar, as its headers give them. */
function modesInBackup(backup: Buffer): string[] {
  const tar = gunzipSync(backup);
  const kinds = new Set<string>();
  for (let at = 0; at + 512 <= tar.length && tar[at] !== 0; ) {
    const field = (from: number, length: number) =>
      Number.parseInt(
        tar
          .subarray(at + from, at + from + length)
          .toString('latin1')
          .replace(/\0.*$/s, '')
          .trim() || '0',
        8,
      );
    const type = String.fromCharCode(tar[at + 156]);
    kinds.add(`${type === '5' ? 'd' : 'f'}${(field(100, 8) & 0o777).toString(8)}`);
    at += 512 + Math.ceil(field(124, 12) / 512) * 512;
  }
  return [...kinds].sort();
}

const OWNER_ONLY = ['d700', 'f600'];

/** The app on a database the test opened (and closes). */
const appOn = async (database: Database) => (await makeTestApp({}, { database })).app;

const addArticles = (database: Database, titles: string[]) =>
  database.db.insert(articles).values(titles.map((title) => ({ title, shortname: title, isVisible: true })));

describe.runIf(testDbKind === 'pglite')('backup and restore of the embedded database', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'dynasty-backup-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('restores exactly the rows the backup was taken with, while the site kept writing', {
    timeout: 120_000,
  }, async () => {
    const dataDir = tempDir();
    const database = await openPgliteDir(dataDir);
    const app = await appOn(database);
    let backup: Buffer;
    try {
      // PGlite makes (and the test seeds) files 0666: the open leaves them to their owner alone.
      expect(modesUnder(dataDir)).toEqual(OWNER_ONLY);
      const before = ['backed-up-one', 'backed-up-two', 'backed-up-three'];
      await addArticles(database, before);
      const token = readFileSync(backupTokenPath(dataDir), 'utf8');
      // Writes keep arriving while the backup is taken; the backup holds each whole or not at all.
      const during = Promise.all(
        ['during-a', 'during-b'].map((t) =>
          database.db.transaction(async (tx) => {
            await tx.insert(articles).values({ title: t, shortname: t });
          }),
        ),
      );
      const res = await app.inject({
        method: 'POST',
        url: '/api/ops/backup',
        headers: { authorization: `Bearer ${token}` },
      });
      await during;
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/gzip');
      backup = res.rawPayload;
      expect(gunzipSync(backup).length).toBeGreaterThan(1_000_000);
      expect(modesInBackup(backup)).toEqual(OWNER_ONLY);

      const backedUp = (await database.db.select({ title: articles.title }).from(articles)).map(
        (r) => r.title,
      );
      await addArticles(database, ['written-after-the-backup']);

      const restoredDir = join(tempDir(), 'restored');
      const counts = await restoreBackup(backup, restoredDir);
      expect(counts.articles).toBeGreaterThanOrEqual(before.length);
      expect(modesUnder(restoredDir)).toEqual(OWNER_ONLY);
      const restored = await openDatabase({ dataDir: restoredDir });
      try {
        const titles = (
          await restored.db.select({ title: articles.title }).from(articles).orderBy(asc(articles.id))
        ).map((r) => r.title);
        expect(titles).toEqual(expect.arrayContaining(before));
        expect(titles).not.toContain('written-after-the-backup');
        // Exactly the backup's rows: the articles present before it, plus any of the concurrent
        // writes that had committed when it was taken (and nothing half-written).
        expect(backedUp).toEqual(expect.arrayContaining(titles));
        expect(titles.filter((t) => !t.startsWith('during-'))).toEqual(before);
      } finally {
        await restored.close();
      }
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('refuses a backup to anyone without the data directory token, super users included', {
    timeout: 60_000,
  }, async () => {
    const dataDir = tempDir();
    const database = await openPgliteDir(dataDir);
    const app = await appOn(database);
    try {
      const [admin] = await database.db
        .insert(users)
        .values({
          name: 'Super',
          email: 'super@example.test',
          passwordHash: 'x',
          isContributor: true,
          isSuperUser: true,
        })
        .returning();
      const cookie = `${SESSION_COOKIE}=${await createSession(database.db, admin.id)}`;
      for (const headers of [{}, { cookie }, { authorization: 'Bearer not-the-token' }]) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/ops/backup',
          headers,
          remoteAddress: '127.0.0.1',
        });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ error: 'Backups are taken with npm run backup on the server itself.' });
      }
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('leaves the target as it was when a restore fails, and a good backup restores there after', {
    timeout: 120_000,
  }, async () => {
    const source = await openPgliteDir(join(tempDir(), 'source'));
    let good: Buffer;
    try {
      await addArticles(source, ['kept-through-restores']);
      good = Buffer.from(await (await source.backup!()).arrayBuffer());
    } finally {
      await source.close();
    }
    const parent = tempDir();
    const target = join(parent, 'data');
    const gzipOf = (b: Buffer) => Buffer.from(gunzipSync(b));
    for (const broken of [
      Buffer.from('not a backup at all'),
      good.subarray(0, Math.floor(good.length / 2)),
      // A whole gzip stream whose tar stops half-way.
      (await import('node:zlib')).gzipSync(gzipOf(good).subarray(0, Math.floor(gzipOf(good).length / 3))),
    ]) {
      await expect(restoreBackup(broken, target)).rejects.toThrow();
      // Nothing left behind: no lock, no partial pg/, no half-restored folder beside it.
      expect(existsSync(target)).toBe(false);
      expect(readdirSync(parent)).toEqual([]);
    }
    // An empty directory made by hand stays as it was too.
    mkdirSync(target);
    await expect(restoreBackup(Buffer.from('not a backup'), target)).rejects.toThrow();
    expect(readdirSync(target)).toEqual([]);
    expect(readdirSync(parent)).toEqual(['data']);

    const counts = await restoreBackup(good, target);
    expect(counts.articles).toBe(1);
    const restored = await openDatabase({ dataDir: target });
    try {
      expect((await restored.db.select({ title: articles.title }).from(articles))[0].title).toBe(
        'kept-through-restores',
      );
    } finally {
      await restored.close();
    }
    expect(readdirSync(parent)).toEqual(['data']);
  });

  it('removes the folders of restores that were killed, never one a restore is working in', async () => {
    const parent = tempDir();
    const target = join(parent, 'data');
    // Killed with kill -9 half-way: the restore's lock went with its process, its files stayed.
    const killed = join(parent, '.data.restoring-killed');
    mkdirSync(join(killed, 'pg', 'base'), { recursive: true });
    writeFileSync(join(killed, 'pg', 'base', '1259'), Buffer.alloc(64 * 1024));
    writeFileSync(join(killed, 'restoring.lock'), '4242');
    // Killed before it took its lock (or left by an older version, which took none).
    const early = join(parent, '.data.restoring-early');
    mkdirSync(early);
    // A restore running now, in another process or this one.
    const live = join(parent, '.data.restoring-live');
    mkdirSync(live);
    const release = lockFile(join(live, 'restoring.lock'))!;
    // Another directory's restore is none of this one's business.
    mkdirSync(join(parent, '.other.restoring-killed'));
    try {
      await expect(restoreBackup(Buffer.from('not a backup'), target)).rejects.toThrow(/not a backup/);
      expect(readdirSync(parent).sort()).toEqual(['.data.restoring-live', '.other.restoring-killed']);
    } finally {
      release();
    }
    expect(removeStaleRestores(target)).toEqual([live]);
    expect(readdirSync(parent)).toEqual(['.other.restoring-killed']);
  });

  it('removes them when the server starts, too', { timeout: 60_000 }, async () => {
    const dataDir = join(tempDir(), 'data');
    seedPgliteDataDir(dataDir);
    const killed = `${join(dataDir, '..', '.data.restoring-')}killed`;
    mkdirSync(join(killed, 'pg'), { recursive: true });
    const lines: string[] = [];
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: '0',
      DATA_DIR: dataDir,
      ...TEST_SERVICE_ENV,
    });
    const runtime = await createRuntime(config, { log: (line) => lines.push(line) });
    await runtime.close();
    expect(existsSync(killed)).toBe(false);
    expect(lines).toContain(`Removed ${killed}, left by a restore that did not finish.`);
  });

  it('restores only into an empty directory', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'something'), 'x');
    await expect(restoreBackup(Buffer.from('not a backup'), dir)).rejects.toThrow(/is not empty/);
  });
});

describe.runIf(testDbKind === 'postgres')('backups on PostgreSQL', () => {
  it('points to pg_dump', async () => {
    const database = await openTestDatabase();
    const app = await appOn(database);
    try {
      const res = await app.inject({ method: 'POST', url: '/api/ops/backup', remoteAddress: '127.0.0.1' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatch(/pg_dump/);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
