// Made by the build beside the server (dist/server/pg-template): an empty PGlite database with every
// migration applied. A new data directory starts as a copy of it, which takes a fifth of a second
// where creating a database (initdb) and migrating it takes two to three; only migrations added
// after the build then run. Built again with the server, so it never lags its migrations. This
// short-lived process creates and migrates it in one PGlite (the server, which stays, never runs
// initdb itself: see client.ts). The template databases initdb makes (template0, template1) are
// dropped: the site never creates a database, and without them a new data directory copies half
// of the files. The database is made in memory and its closed data directory written out after:
// initdb's thousands of small writes through PGlite's file system cost half a second more on disk.
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { runMigrations } from './migrate.ts';

/** Where PGlite keeps its data directory in its in-memory file system. */
const PGDATA = '/pglite/data';

const out = process.argv[2] ?? join(import.meta.dirname, 'pg-template');
const work = mkdtempSync(`${out}.making-`);
try {
  const client = new PGlite({ extensions: { pg_trgm } });
  await runMigrations({
    exec: async (text) => void (await client.exec(text)),
    rows: async <T>(text: string) => (await client.query<T>(text)).rows,
  });
  for (const name of ['template0', 'template1']) {
    await client.exec(`ALTER DATABASE ${name} WITH is_template false`);
    await client.exec(`DROP DATABASE ${name}`); // alone: it cannot run in a transaction
  }
  // Closed first: the copy is a cleanly shut down database, which opens without recovery.
  const { FS } = client.Module;
  await client.close();
  if (!FS.analyzePath(join(PGDATA, 'PG_VERSION')).exists) throw new Error(`no database in ${PGDATA}`);
  // A relation's free space map and visibility map (…_fsm, …_vm: 86 of 549 files, initdb's vacuum
  // of the catalogs made them) are left out: PostgreSQL reads a missing one as empty and makes it
  // again when needed, and a new data directory creates a sixth fewer files.
  const copy = (from: string, to: string) => {
    mkdirSync(to, { recursive: true });
    for (const name of FS.readdir(from)) {
      if (name === '.' || name === '..' || /_(fsm|vm)$/.test(name)) continue;
      const path = `${from}/${name}`;
      if (FS.isDir(FS.stat(path).mode)) copy(path, join(to, name));
      else writeFileSync(join(to, name), FS.readFile(path));
    }
  };
  copy(PGDATA, work);
  rmSync(out, { recursive: true, force: true });
  renameSync(work, out);
} finally {
  rmSync(work, { recursive: true, force: true });
}
