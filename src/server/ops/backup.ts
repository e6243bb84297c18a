/**
 * npm run backup: writes a dated, consistent backup of the embedded database to BACKUP_DIR
 * (./backups), as a gzipped tar of PGlite's data directory. While the site runs it holds the data
 * directory, so the backup is asked of the running server (on 127.0.0.1:PORT, with the token kept in
 * the data directory); when no server holds the directory, it is opened and copied directly.
 * On PostgreSQL it prints how to use pg_dump instead.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { backupTokenPath } from './routes.ts';

const config = loadConfig();
if (config.databaseUrl) {
  console.error(
    [
      'DATABASE_URL is set: this site runs on PostgreSQL, which backs itself up with pg_dump:',
      '  pg_dump --format=custom --file=dynasty-$(date -u +%Y%m%dT%H%M%SZ).dump "$DATABASE_URL"',
      'and restores into an empty database with:',
      '  pg_restore --no-owner --dbname="$DATABASE_URL" FILE.dump',
    ].join('\n'),
  );
  process.exit(2);
}

const dataDir = resolve(config.dataDir);
const outDir = resolve(process.env.BACKUP_DIR ?? 'backups');
const stamp = new Date()
  .toISOString()
  .replace(/[:.]/g, '-')
  .replace(/-\d{3}Z$/, 'Z');
const target = join(outDir, `dynasty-${stamp}.tar.gz`);

async function fromServer(): Promise<Buffer | undefined> {
  const tokenFile = backupTokenPath(dataDir);
  if (!existsSync(tokenFile)) return undefined;
  const url = `http://127.0.0.1:${config.port}/api/ops/backup`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${readFileSync(tokenFile, 'utf8').trim()}` },
    });
  } catch {
    return undefined; // no server listening: the directory is free to open
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { error?: string };
    throw new Error(
      `The server at ${url} refused the backup (${res.status}): ${body.error ?? res.statusText}`,
    );
  }
  return Buffer.from(await res.arrayBuffer());
}

async function direct(): Promise<Buffer> {
  if (!existsSync(join(dataDir, 'pg'))) throw new Error(`There is no database in ${dataDir}.`);
  // Throws "in use by process N" when a server holds the directory but did not answer.
  const database = await openDatabase({ dataDir });
  try {
    return Buffer.from(await (await database.backup!()).arrayBuffer());
  } finally {
    await database.close();
  }
}

try {
  const bytes = (await fromServer()) ?? (await direct());
  // Backups hold every account's data: their folder, when made here, and the files are the owner's alone.
  mkdirSync(outDir, { recursive: true, mode: 0o700 });
  // Written aside and renamed, so a backup file that exists is always whole.
  writeFileSync(`${target}.part`, bytes, { mode: 0o600 });
  renameSync(`${target}.part`, target);
  console.log(`Backed up ${dataDir} to ${target} (${(bytes.length / 1024).toFixed(0)} KB).`);
} catch (err) {
  console.error(`Backup failed: ${(err as Error).message}`);
  process.exit(1);
}
