/**
 * npm run restore FILE: brings a backup made by `npm run backup` back into DATA_DIR, which must be
 * empty (or not exist yet): a restore never overwrites a database. Migrations newer than the backup
 * are applied, so an older backup opens on a newer site.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { restoreBackup } from './restore-backup.ts';

const file = process.argv[2];
if (!file) {
  console.error(
    'Usage: npm run restore FILE   (restores into DATA_DIR, default ./data, which must be empty)',
  );
  process.exit(2);
}
const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: restore a PostgreSQL dump with pg_restore (see the README).');
  process.exit(2);
}
try {
  const dataDir = resolve(config.dataDir);
  const counts = await restoreBackup(readFileSync(resolve(file)), dataDir);
  console.log(
    `Restored ${file} into ${dataDir}: ${counts.articles} articles, ${counts.profiles} profiles, ${counts.users} users.`,
  );
} catch (err) {
  console.error(`Restore failed: ${(err as Error).message}`);
  process.exit(1);
}
