import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite's own files (its share and lib folders, `pglite.data`, 6 MB) are loaded as one buffer, and
 * every file of its in-memory file system is a view of it: PGlite keeps that buffer for as long as
 * it runs, resident whether a file is read again or not. Most are not: initdb's scripts (a new
 * database is made apart, pg-template.ts), the build files, the encoding conversions (every client
 * speaks UTF-8), the WAL receiver, the time zones other than UTC's (the server's sessions are UTC)
 * and ICU's collation data (the databases' collation is C). Those are removed, the rest copied out
 * (0.9 MB), and the buffer is let go.
 */
export const UNUSED_FILE =
  /^\/pglite\/(?:share\/postgresql\/(?:postgres\.bki|information_schema\.sql|system_\w+\.sql|snowball_create\.sql|sql_features\.txt|timezone\/(?!UTC$|Etc\/|GMT|Zulu$|Universal$).+)|lib\/postgresql\/(?:pgxs\/.+|\w+_and_\w+\.so|libpqwalreceiver\.so)|icu\/.+)$/;

/** Where PGlite keeps its data directory in its file system (the directory on disk is mounted there). */
const PGDATA = '/pglite/data';

/** PGlite's entry module on disk; its files (the image, the `.wasm`) sit beside it. */
export const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');

const imagePath = join(dirname(pgliteEntry), 'pglite.data');

/** PGlite's file-system image, read by us so it can be let go once PGlite has started. */
export function pgliteImage() {
  const file = readFileSync(imagePath);
  // The buffer must be the file exactly: PGlite checks its length.
  const image =
    file.byteOffset === 0 && file.buffer.byteLength === file.byteLength
      ? file.buffer
      : file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength);
  return {
    /** For PGlite's `fsBundle` option, which only asks for the bytes. */
    bundle: { arrayBuffer: () => Promise.resolve(image) } as Pick<Blob, 'arrayBuffer'> as Blob,
    /**
     * Once PGlite is ready: the files still used are copied out of the image, the others removed,
     * and the image is freed (a file left a view of it would read as empty).
     */
    release(client: PGlite): { removed: number; kept: number } {
      const { FS } = client.Module;
      let removed = 0;
      let kept = 0;
      const walk = (dir: string) => {
        for (const name of FS.readdir(dir)) {
          const path = `${dir}/${name}`;
          if (name === '.' || name === '..' || path === PGDATA) continue;
          const { mode } = FS.lstat(path);
          if (FS.isDir(mode)) walk(path);
          else if (!FS.isFile(mode)) continue;
          else if (UNUSED_FILE.test(path)) {
            FS.unlink(path);
            removed++;
          } else {
            // Written in place, so a file PGlite holds open stays the same file (its programs are
            // read-only: made writable for the copy).
            const readOnly = (mode & 0o200) === 0;
            if (readOnly) FS.chmod(path, mode | 0o200);
            FS.writeFile(path, FS.readFile(path));
            if (readOnly) FS.chmod(path, mode);
            kept++;
          }
        }
      };
      walk('/home/postgres');
      walk('/pglite');
      // ArrayBuffer.prototype.transfer (Node 21+; ES2024, past the project's lib) frees its memory.
      (image as ArrayBuffer & { transfer(length: number): ArrayBuffer }).transfer(0);
      return { removed, kept };
    },
  };
}
