// Made by the build beside the server (dist/server/pg-template): an empty PGlite database with every
// migration applied. A new data directory starts as a copy of it, which takes a fifth of a second
// where creating a database (initdb) and migrating it takes two to three; only migrations added
// after the build then run. Built again with the server, so it never lags its migrations.
import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from './client.ts';

const out = process.argv[2] ?? join(import.meta.dirname, 'pg-template');
const work = mkdtempSync(`${out}.making-`);
try {
  await (await openDatabase({ dataDir: work })).close();
  rmSync(out, { recursive: true, force: true });
  renameSync(join(work, 'pg'), out);
} finally {
  rmSync(work, { recursive: true, force: true });
}
